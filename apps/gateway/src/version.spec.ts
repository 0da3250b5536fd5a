import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PARLEY_VERSION } from './version.constants';

it('reports the version of the root package.json', () => {
  const manifest = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { version: string };
  expect(PARLEY_VERSION).toBe(manifest.version);
});
