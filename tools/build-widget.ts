import { buildSync } from 'esbuild';
import { join, resolve } from 'node:path';

/** Where the gateway serves the widget from (apps/gateway/src/web-widget): beside its compiled code. */
const WIDGET_BUNDLE = join('apps', 'gateway', 'packs', 'js', 'sdk.js');

/**
 * The web widget (apps/gateway/widget/src) bundled into one small script for any browser a
 * website's visitors use; `npm run build` and a gateway built alone both call this.
 */
export function buildWidget(workspaceRoot: string, outDir: string): void {
  buildSync({
    entryPoints: [join(workspaceRoot, 'apps', 'gateway', 'widget', 'src', 'sdk.ts')],
    outfile: join(outDir, WIDGET_BUNDLE),
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2019',
    legalComments: 'none',
    logLevel: 'warning',
  });
}

// npm scripts run at the workspace root.
if (require.main === module) buildWidget(process.cwd(), resolve(process.argv[2] ?? 'dist'));
