import {
  BUILT_CONTRACT_CHECKS_PATH,
  CONTRACT_CHECK_KEYS,
  CONTRACT_CHECK_OPTIONS,
  contractCheckFile,
  contractCheckSchemas,
  MessagePatterns,
} from '@parley/contracts';
import Ajv, { type ValidateFunction } from 'ajv';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildContractValidators } from './build-contract-validators';

describe('buildContractValidators', () => {
  let outDir: string;
  beforeAll(() => {
    outDir = mkdtempSync(join(tmpdir(), 'contract-checks-'));
    buildContractValidators(outDir);
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('writes one module for every check of the contract, where the services look for them', () => {
    const files = readdirSync(join(outDir, BUILT_CONTRACT_CHECKS_PATH));
    const keys = [...contractCheckSchemas().keys()];
    expect(files.sort()).toEqual(keys.map(contractCheckFile).sort());
    expect(new Set(files).size).toBe(keys.length);
  });

  it('writes checks that judge as the ones compiled at run time, down to the error they name', () => {
    const key = CONTRACT_CHECK_KEYS.request(MessagePatterns.create);
    const built = createRequire(__filename)(
      join(outDir, BUILT_CONTRACT_CHECKS_PATH, contractCheckFile(key)),
    ) as ValidateFunction;
    const compiled = new Ajv(CONTRACT_CHECK_OPTIONS).compile(contractCheckSchemas().get(key)!);
    const caller = { user_id: 7, role: 'agent' };
    const samples = [
      { account_id: 1, display_id: 2, caller, data: { content: 'hi' } },
      { account_id: 1, display_id: '2', caller, data: {} },
      { account_id: 1, display_id: 2, caller, data: { content: 5 } },
      { account_id: 1, display_id: 2, caller },
    ];
    for (const sample of samples) {
      expect(built(sample)).toBe(compiled(sample));
      expect(built.errors ?? null).toEqual(compiled.errors ?? null);
    }
    expect(samples.map((sample) => built(sample))).toEqual([true, false, false, false]);
  });
});
