import { createProjectGraphAsync, workspaceRoot, type ProjectGraph } from '@nx/devkit';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildContractValidators } from './build-contract-validators';
import { buildWidget } from './build-widget';

/**
 * One deployable compiled on its own: the app and every library it imports, directly or
 * through other libraries, as Nx's project graph records them — so no list of libraries is
 * kept by hand, and a library a service starts using is built with it.
 *
 *   node -r @swc-node/register tools/build-service.ts <app> [--out-dir <dir>]
 *
 * `nx run <app>:build` runs it (nx.json's target default); the output folder defaults to dist.
 */

/**
 * Test helpers are a dependency of an app's spec files only (the lint's module boundaries allow
 * no other use), and swc skips spec files: they are never part of a service's build.
 */
const TEST_ONLY_TAG = 'type:testing';

/** The app and the workspace libraries it imports, transitively, in visiting order. */
export function projectsToCompile(graph: ProjectGraph, app: string): string[] {
  const reached = new Set([app]);
  const queue = [app];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const { target } of graph.dependencies[next] ?? []) {
      const node = graph.nodes[target];
      // External (npm) packages are not graph.nodes; they come from node_modules at run time.
      if (!node || reached.has(target) || node.data.tags?.includes(TEST_ONLY_TAG)) continue;
      reached.add(target);
      queue.push(target);
    }
  }
  return [...reached];
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { 'out-dir': { type: 'string', default: 'dist' } },
  });
  const graph = await createProjectGraphAsync({ exitOnError: false });
  const apps = Object.values(graph.nodes)
    .filter((node) => node.type === 'app' && node.data.root.startsWith('apps/'))
    .map((node) => node.name);
  const app = positionals[0];
  if (positionals.length !== 1 || !apps.includes(app)) {
    process.stderr.write(
      `Usage: build-service.ts <app> [--out-dir <dir>], with <app> one of ${apps.sort().join(', ')}\n`,
    );
    process.exit(2);
  }
  const projects = projectsToCompile(graph, app);
  const sources = projects.map((name) => graph.nodes[name].data.sourceRoot ?? join(graph.nodes[name].data.root, 'src'));
  const outDir = resolve(values['out-dir']);
  process.stdout.write(`${app}: ${sources.join(' ')} → ${outDir}\n`);
  // The same swc and .swcrc as `npm run build`, so a service built alone matches the full build.
  execFileSync(
    process.execPath,
    [require.resolve('@swc/cli/bin/swc.js'), ...sources, '-d', outDir, '--config-file', '.swcrc'],
    {
      cwd: workspaceRoot,
      stdio: 'inherit',
    },
  );
  if (app === 'gateway') buildWidget(workspaceRoot, outDir);
  // The kit's contract checks, compiled ahead as in the full build.
  buildContractValidators(outDir);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`build-service: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
