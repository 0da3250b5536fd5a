import {
  BUILT_CONTRACT_CHECKS_PATH,
  CONTRACT_CHECK_OPTIONS,
  contractCheckFile,
  contractCheckSchemas,
} from '@parley/contracts';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Every contract check compiled ahead, one CommonJS module each (ajv's standalone code), where
 * the services' contract check looks for them: a service then loads a check at its first use
 * instead of compiling it (docs/performance.md, tenth pass). `npm run build` and every service
 * built alone call this.
 */
export function buildContractValidators(outDir: string): void {
  const directory = join(outDir, BUILT_CONTRACT_CHECKS_PATH);
  mkdirSync(directory, { recursive: true });
  const ajv = new Ajv({ ...CONTRACT_CHECK_OPTIONS, code: { source: true } });
  for (const [key, schema] of contractCheckSchemas())
    writeFileSync(join(directory, contractCheckFile(key)), standaloneCode(ajv, ajv.compile(schema)));
}

// npm scripts run at the workspace root.
if (require.main === module) buildContractValidators(resolve(process.argv[2] ?? 'dist'));
