import { gatewayClient, readE2eState } from '@parley/testing';
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * The document the gateway serves is the one published in docs/openapi.json (but for its
 * server, PUBLIC_URL), and it passes `redocly lint` with the recommended rules (redocly.yaml):
 * no error, and warnings only of the rules redocly.yaml sets to `warn` with its reasons.
 */

const ROOT = join(__dirname, '../../..');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; severity: 'error' | 'warn'; message: string }>;
}

/** The rules redocly.yaml lowers to warnings (each with its justification beside it). */
function justifiedWarnings(): string[] {
  return [...readFileSync(join(ROOT, 'redocly.yaml'), 'utf8').matchAll(/^ {2}([a-z0-9-]+): warn$/gm)].map(
    ([, rule]) => rule,
  );
}

describe('the served OpenAPI document', () => {
  let served: Record<string, unknown>;

  beforeAll(async () => {
    const response = await gatewayClient().get('/api-docs/json');
    expect(response.status).toBe(200);
    served = response.body;
  });

  it('is docs/openapi.json, served from PUBLIC_URL', () => {
    const published = JSON.parse(readFileSync(join(ROOT, 'docs/openapi.json'), 'utf8'));
    expect(served.servers).toEqual([{ url: readE2eState().gatewayUrl }]);
    expect({ ...served, servers: published.servers }).toEqual(published);
  });

  it('passes redocly lint with the recommended rules: no error, only the warnings redocly.yaml justifies', async () => {
    const file = join(readE2eState().logDir, 'served-openapi.json');
    writeFileSync(file, JSON.stringify(served));
    const lint = await promisify(execFile)(
      join(ROOT, 'node_modules/.bin/redocly'),
      ['lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '10000'],
      { cwd: ROOT, env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, maxBuffer: 64 * 1024 * 1024 },
    ).catch((failure: { stdout?: string; stderr?: string }) => failure);
    const report = JSON.parse(lint.stdout ?? '{}') as LintReport;
    expect(report.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const justified = justifiedWarnings();
    expect(justified.length).toBeGreaterThan(0);
    expect(report.problems.filter((problem) => !justified.includes(problem.ruleId))).toEqual([]);
  });
});
