import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Dependencies between a service's feature folders point one way (docs/service-template.md):
 * this finds every cycle between feature folders from the relative imports of each app.
 * Files at the root of `src/` (app module, schema, config) wire features and are left out.
 * It also finds cycles between the files of every app and lib: type-only imports count (a type
 * two files share belongs in a third), and so do a feature's own files.
 */
const IMPORT = /(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g;

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** `conversations`, or `read-models/contacts-view`; null for files at the root of src/. */
function featureOf(srcDir: string, file: string): string | null {
  const parts = relative(srcDir, file).split('/');
  if (parts.length < 2 || parts[0] === 'migrations') return null;
  return parts[0] === 'read-models' && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

export function featureGraph(srcDir: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of filesUnder(srcDir)) {
    if (file.endsWith('.spec.ts')) continue;
    const from = featureOf(srcDir, file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = featureOf(srcDir, resolve(dirname(file), match[1] ?? match[2]));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The file a relative import names (`./x` → `x.ts` or `x/index.ts`); null for anything else. */
function fileOf(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, join(base, 'index.ts')].find((path) => existsSync(path)) ?? null;
}

/** Each file under `dir` (tests left out) → the files it imports, `import type` included. */
export function fileGraph(dir: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of filesUnder(dir)) {
    if (file.endsWith('.spec.ts')) continue;
    const edges = new Set<string>();
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = fileOf(file, match[1] ?? match[2]);
      if (to && to !== file) edges.add(relative(dir, to));
    }
    graph.set(relative(dir, file), edges);
  }
  return graph;
}

/** Every strongly connected group of two or more features (Tarjan). */
export function cyclesIn(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowLinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    indices.set(node, index);
    lowLinks.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowLinks.set(node, Math.min(lowLinks.get(node)!, lowLinks.get(next)!));
      } else if (onStack.has(next)) {
        lowLinks.set(node, Math.min(lowLinks.get(node)!, indices.get(next)!));
      }
    }
    if (lowLinks.get(node) === indices.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return cycles;
}

if (require.main === module) {
  const appsDir = join(process.cwd(), 'apps');
  let failed = false;
  for (const app of readdirSync(appsDir)) {
    if (app === 'gateway') continue;
    for (const cycle of cyclesIn(featureGraph(join(appsDir, app, 'src')))) {
      failed = true;
      process.stderr.write(`apps/${app}: feature folders import each other in a cycle: ${cycle.join(' ↔ ')}\n`);
    }
  }
  for (const project of ['apps', 'libs'].flatMap((dir) =>
    readdirSync(join(process.cwd(), dir)).map((name) => join(dir, name, 'src')),
  )) {
    for (const cycle of cyclesIn(fileGraph(join(process.cwd(), project)))) {
      failed = true;
      process.stderr.write(
        `${project}: files import each other in a cycle (type-only imports count): ${cycle.join(' ↔ ')}\n`,
      );
    }
  }
  if (failed) process.exit(1);
}
