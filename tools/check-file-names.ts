import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every source file of a service says its role in its name (docs/service-template.md), so a
 * newcomer can tell a use case from a consumer or an entity without opening it.
 */
const SERVICE_ROLES = [
  'module', 'handlers', 'service', 'loader', 'writer', 'query', 'mapper', 'rules', 'consumer',
  'worker', 'adapter', 'sender', 'guard', 'mail', 'constants', 'config', 'types', 'spec',
];
/** Roles that live only under a feature's persistence/ folder. */
const PERSISTENCE_ROLES = ['orm-entity', 'row'];
const GATEWAY_ROLES = ['module', 'controller', 'dto', 'responses', 'guard', 'filter', 'interceptor', 'pipe', 'decorators', 'service', 'parser', 'mapper', 'rules', 'setup', 'constants', 'config', 'spec', 'types'];
/** Entry points, named by convention rather than role (index.ts: what code outside the app may use). */
const ENTRY_FILES = new Set(['main.ts', 'migrate.ts', 'schema.ts', 'app.module.ts', 'index.ts']);

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.ts$/;

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

export function fileNameProblems(root: string): string[] {
  const problems: string[] = [];
  const appsDir = join(root, 'apps');
  for (const app of readdirSync(appsDir)) {
    const srcDir = join(appsDir, app, 'src');
    const roles = app === 'gateway' ? GATEWAY_ROLES : SERVICE_ROLES;
    for (const path of filesUnder(srcDir)) {
      const local = relative(srcDir, path);
      const name = local.split('/').pop()!;
      const where = relative(root, path);
      if (!KEBAB.test(name)) problems.push(`${where}: not kebab-case`);
      if (local.startsWith('migrations/') || ENTRY_FILES.has(local)) continue;
      const role = roleOf(name) ?? '';
      const inPersistence = local.split('/').includes('persistence');
      if (PERSISTENCE_ROLES.includes(role)) {
        if (!inPersistence && app !== 'gateway') problems.push(`${where}: *.${role}.ts belongs under a persistence/ folder`);
        continue;
      }
      if (!roles.includes(role)) problems.push(`${where}: name it <what>.<role>.ts with a role of ${roles.join(', ')}`);
    }
  }
  return problems;
}

if (require.main === module) {
  const problems = fileNameProblems(process.cwd());
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  if (problems.length) {
    process.stderr.write(`${problems.length} file name(s) break the template's naming rule (docs/service-template.md)\n`);
    process.exit(1);
  }
}
