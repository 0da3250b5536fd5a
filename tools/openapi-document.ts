import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm run openapi` writes docs/openapi.json: the OpenAPI document the gateway serves at
 * /api-docs/json, for client authors who do not run the system (its server is the default
 * PUBLIC_URL). `--check` (run by `npm run lint`) fails when the file is not what it would write.
 */

export const OPENAPI_FILE = 'docs/openapi.json';
const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:3000';

async function main(): Promise<void> {
  // The gateway's module reads its settings when it loads; the document needs none of them to be real.
  process.env.NATS_URL ??= 'nats://127.0.0.1:4222';
  process.env.ATTACHMENT_URL_SECRET ??= 'not-a-secret-only-for-the-openapi-document';
  const { openApiDocument } = await import('@parley/gateway');
  const text = `${JSON.stringify(await openApiDocument(DEFAULT_PUBLIC_URL), null, 2)}\n`;
  const path = join(process.cwd(), OPENAPI_FILE);
  if (process.argv.includes('--check')) {
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) {
      process.stderr.write(`${OPENAPI_FILE} is stale: run \`npm run openapi\` and commit it\n`);
      process.exit(1);
    }
    return;
  }
  writeFileSync(path, text);
  process.stdout.write(`${OPENAPI_FILE} written\n`);
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`${(error as Error).stack ?? error}\n`);
    process.exit(1);
  });
}
