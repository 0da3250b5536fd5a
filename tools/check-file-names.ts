import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every source file of an app says its role in its name, and every class it exports carries the
 * role's suffix, so a newcomer can tell a use case from a consumer or an entity without opening
 * it. The roles are read from docs/service-template.md ("File roles"): the page and the check
 * cannot disagree.
 */
export interface Role {
  name: string;
  /** Suffixes one of which every exported class must end with; empty: no rule. */
  classSuffixes: string[];
}

export interface RoleCatalogue {
  service: Map<string, Role>;
  gateway: Map<string, Role>;
}

/** Roles that live only under a feature's persistence/ folder. */
const PERSISTENCE_ROLES = new Set(['row']);
/** Entry points, named by convention rather than role (index.ts: what code outside the app may use). */
const ENTRY_FILES = new Set(['main.ts', 'migrate.ts', 'schema.ts', 'app.module.ts', 'index.ts']);
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.ts$/;
const ROLE_LINE = /^- `([a-z-]+)` — .*?(?:\(([A-Za-z, ]+)\))?$/;

/** The roles of the template's "File roles" section: the services' list, then the gateway's. */
export function readRoles(template: string): RoleCatalogue {
  const section = template.split(/^## /m).find((part) => part.startsWith('File roles'));
  if (!section) throw new Error('docs/service-template.md has no "File roles" section');
  const lists: Array<Map<string, Role>> = [];
  let current: Map<string, Role> | null = null;
  for (const line of section.split('\n')) {
    if (/^(Services|Gateway) \(/.test(line)) lists.push((current = new Map()));
    const match = ROLE_LINE.exec(line);
    if (match && current) {
      const classSuffixes = match[2]
        ? match[2]
            .split(/, | or /)
            .map((suffix) => suffix.trim())
            .filter(Boolean)
        : [];
      current.set(match[1], { name: match[1], classSuffixes });
    }
  }
  if (lists.length !== 2) throw new Error('"File roles" must list the services\' roles, then the gateway\'s');
  return { service: lists[0], gateway: lists[1] };
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function roleOf(file: string): string | null {
  const parts = file.replace(/\.ts$/, '').split('.');
  return parts.length > 1 ? parts[parts.length - 1] : null;
}

/** Exported classes whose name lacks every suffix of the file's role. */
export function misnamedClasses(source: string, role: Role): string[] {
  if (role.classSuffixes.length === 0) return [];
  const names = [...source.matchAll(/^export (?:abstract )?class (\w+)/gm)].map((match) => match[1]);
  return names.filter((name) => !role.classSuffixes.some((suffix) => name.endsWith(suffix)));
}

export function fileNameProblems(root: string): string[] {
  const catalogue = readRoles(readFileSync(join(root, 'docs', 'service-template.md'), 'utf8'));
  const problems: string[] = [];
  const appsDir = join(root, 'apps');
  for (const app of readdirSync(appsDir)) {
    const srcDir = join(appsDir, app, 'src');
    const roles = app === 'gateway' ? catalogue.gateway : catalogue.service;
    for (const path of filesUnder(srcDir)) {
      const local = relative(srcDir, path);
      const name = local.split('/').pop()!;
      const where = relative(root, path);
      if (!KEBAB.test(name)) problems.push(`${where}: not kebab-case`);
      if (local.startsWith('migrations/') || ENTRY_FILES.has(local)) continue;
      const roleName = roleOf(name) ?? '';
      const role = roles.get(roleName);
      if (!role) {
        problems.push(`${where}: name it <what>.<role>.ts with a role of ${[...roles.keys()].join(', ')}`);
        continue;
      }
      const inPersistence = local.split('/').includes('persistence');
      if (PERSISTENCE_ROLES.has(roleName) && !inPersistence)
        problems.push(`${where}: *.${roleName}.ts belongs under a persistence/ folder`);
      for (const misnamed of misnamedClasses(readFileSync(path, 'utf8'), role)) {
        problems.push(
          `${where}: class ${misnamed} should end with ${role.classSuffixes.join(' or ')} (its file's role)`,
        );
      }
    }
  }
  return problems;
}

if (require.main === module) {
  const problems = fileNameProblems(process.cwd());
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  if (problems.length) {
    process.stderr.write(
      `${problems.length} file name(s) break the template's naming rule (docs/service-template.md)\n`,
    );
    process.exit(1);
  }
}
