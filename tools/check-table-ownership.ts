import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * A feature's tables are read and written only by that feature (docs/service-template.md). A
 * feature declares its tables with an `@owns <schema>.<table>` tag in one of its files (its row
 * file).
 * This refuses, in every service:
 * - an import of another feature's `persistence/` (its rows and SQL);
 * - SQL text naming another feature's table (`<schema>.<table>`);
 * - a table a migration creates that no feature declares, or that two features declare.
 * A hot-path statement that shows other features' data uses the fragment the owner exports
 * from its loader (interpolated, so the text never names the table itself).
 */
const IMPORT = /(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g;
const OWNS = /@owns\s+([a-z0-9_]+\.[a-z0-9_]+(?:\s*,\s*[a-z0-9_]+\.[a-z0-9_]+)*)/g;
const CREATE_TABLE = /CREATE TABLE\s+(?:IF NOT EXISTS\s+)?"?([a-z0-9_]+)"?\."?([a-z0-9_]+)"?/gi;

export interface SourceFile {
  /** Path relative to the service's `src/`. */
  path: string;
  text: string;
}

/** `conversations`, or `read-models/contacts-view`; null for files at the root of src/ and migrations. */
export function featureOf(path: string): string | null {
  const parts = path.split('/');
  if (parts.length < 2 || parts[0] === 'migrations') return null;
  return parts[0] === 'read-models' && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

function inPersistence(path: string): boolean {
  return path.split('/').includes('persistence');
}

/** Each declared table (`<schema>.<table>`) and the features declaring it. */
export function declaredTables(schema: string, files: SourceFile[]): Map<string, Set<string>> {
  const owners = new Map<string, Set<string>>();
  const declare = (table: string, feature: string) => owners.set(table, (owners.get(table) ?? new Set()).add(feature));
  for (const file of files) {
    const feature = featureOf(file.path);
    if (!feature) continue;
    for (const match of file.text.matchAll(OWNS))
      for (const table of match[1].split(',')) declare(table.trim(), feature);
  }
  return owners;
}

export function ownershipProblems(schema: string, files: SourceFile[]): string[] {
  const problems: string[] = [];
  const owners = declaredTables(schema, files);
  for (const [table, features] of owners) {
    if (features.size > 1)
      problems.push(`${table} is declared by more than one feature: ${[...features].sort().join(', ')}`);
  }
  for (const file of files.filter((candidate) => candidate.path.startsWith('migrations/'))) {
    for (const match of file.text.matchAll(CREATE_TABLE)) {
      const table = `${match[1]}.${match[2]}`.toLowerCase();
      if (!owners.has(table))
        problems.push(
          `${table} (created in ${file.path}) is declared by no feature: give it an @owns tag in its owner's persistence/`,
        );
    }
  }
  const tableName = new RegExp(`\\b${schema}\\.([a-z0-9_]+)\\b`, 'g');
  for (const file of files) {
    const feature = featureOf(file.path);
    if (!feature || file.path.endsWith('.spec.ts')) continue;
    for (const match of file.text.matchAll(IMPORT)) {
      const target = relative('/src', resolve('/src', dirname(file.path), match[1] ?? match[2]));
      const owner = featureOf(target);
      if (owner && owner !== feature && inPersistence(target)) {
        problems.push(`${file.path}: imports ${owner}'s ${target}; use what ${owner}'s loader or writer exports`);
      }
    }
    const named = new Set<string>();
    for (const match of file.text.matchAll(tableName)) named.add(match[0]);
    for (const table of named) {
      const tableOwners = owners.get(table);
      if (tableOwners && !tableOwners.has(feature)) {
        problems.push(
          `${file.path}: SQL names ${table}, a table of ${[...tableOwners].join(', ')}; go through its loader or writer`,
        );
      }
    }
  }
  return problems;
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Known breaches that predate the check, one a line; the check fails on any other, and on a line no longer found. */
const BASELINE = 'tools/table-ownership.baseline.txt';

if (require.main === module) {
  const appsDir = join(process.cwd(), 'apps');
  const found: string[] = [];
  for (const app of readdirSync(appsDir)) {
    if (app === 'gateway') continue;
    const srcDir = join(appsDir, app, 'src');
    const files = filesUnder(srcDir).map((path) => ({
      path: relative(srcDir, path),
      text: readFileSync(path, 'utf8'),
    }));
    for (const problem of ownershipProblems(app.replace(/-/g, '_'), files)) found.push(`apps/${app}: ${problem}`);
  }
  const baseline = new Set(
    readFileSync(BASELINE, 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  const fresh = found.filter((problem) => !baseline.has(problem));
  const fixed = [...baseline].filter((line) => !found.includes(line));
  for (const problem of fresh) process.stderr.write(`${problem}\n`);
  for (const line of fixed) process.stderr.write(`no longer found (remove it from ${BASELINE}): ${line}\n`);
  if (fresh.length)
    process.stderr.write(
      `${fresh.length} breach(es) of "a feature's tables are read and written only by that feature" (docs/service-template.md)\n`,
    );
  if (fresh.length || fixed.length) process.exit(1);
}
