import {
  BUILT_CONTRACT_CHECKS_PATH,
  contractCheckFile,
  CONTRACT_CHECK_KEYS,
  LabelEvents,
  MessagePatterns,
} from '@parley/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { BUILT_CHECKS_DIRECTORY, builtCheck, eventProblem, requestProblem } from './contract-check';

const caller = { user_id: 7, role: 'agent' };
const label = { id: 1, title: 'vip', description: null, color: '#1f93ff', show_on_sidebar: true };
const envelope = (data: unknown) => ({
  id: '8a0c7d7e-3b1f-4b8e-9a53-3f1c2a1b0c9d',
  type: LabelEvents.deleted,
  version: 1,
  account_id: 1,
  occurred_at: '2026-01-01T00:00:00.000Z',
  data,
  meta: { actor: { type: 'system', id: null }, correlation_id: null, origin: 'test' },
});

describe('requestProblem', () => {
  it('passes a request that keeps its contract, extra fields included (contracts grow by adding)', () => {
    expect(
      requestProblem(MessagePatterns.create, {
        account_id: 1,
        display_id: 2,
        caller,
        data: { content: 'hi', later: true },
      }),
    ).toBeNull();
  });

  it("leaves the allowed values of a literal to the service's rules (a 422 naming the field)", () => {
    expect(
      requestProblem(MessagePatterns.create, {
        account_id: 1,
        display_id: 2,
        caller,
        data: { message_type: 'sideways' },
      }),
    ).toBeNull();
    expect(
      requestProblem(MessagePatterns.create, { account_id: 1, display_id: 2, caller, data: { message_type: 3 } }),
    ).toBe('request/data/message_type must be string');
  });

  it('names the first field at fault', () => {
    expect(requestProblem(MessagePatterns.create, { account_id: 1, display_id: '2', caller, data: {} })).toBe(
      'request/display_id must be number',
    );
    expect(requestProblem(MessagePatterns.create, { account_id: 1, display_id: 2, caller, data: { content: 5 } })).toBe(
      'request/data/content must be null,string',
    );
    expect(requestProblem(MessagePatterns.create, { account_id: 1, display_id: 2, caller })).toBe(
      "request must have required property 'data'",
    );
  });

  it('leaves a pattern without a contract alone', () => {
    expect(requestProblem('nobody.declares.this', 'anything')).toBeNull();
  });
});

describe('eventProblem', () => {
  it('passes an event that keeps the envelope and its type', () => {
    expect(eventProblem(LabelEvents.deleted, envelope({ label }))).toBeNull();
  });

  it('names what breaks the envelope or the data', () => {
    expect(eventProblem(LabelEvents.deleted, { ...envelope({ label }), meta: undefined })).toBe(
      "event must have required property 'meta'",
    );
    expect(eventProblem(LabelEvents.deleted, envelope({ label: { ...label, id: 'x' } }))).toBe(
      'event/data/label/id must be number',
    );
  });
});

describe('checks the build compiled', () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'built-checks-'));
    writeFileSync(
      join(directory, contractCheckFile(CONTRACT_CHECK_KEYS.request('probe.pattern'))),
      'module.exports = function probe(value) { probe.errors = null; return value === 1; };',
    );
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('are looked for where the build writes them', () => {
    expect(relative(process.cwd(), BUILT_CHECKS_DIRECTORY)).toBe(BUILT_CONTRACT_CHECKS_PATH);
  });

  it('are loaded by their key, and a key the build did not write has none (compiled at first use instead)', () => {
    const probe = builtCheck(directory, CONTRACT_CHECK_KEYS.request('probe.pattern'))!;
    expect([probe(1), probe(2)]).toEqual([true, false]);
    expect(builtCheck(directory, CONTRACT_CHECK_KEYS.request('nobody.declares.this'))).toBeNull();
    expect(builtCheck(join(directory, 'missing'), CONTRACT_CHECK_KEYS.envelope)).toBeNull();
  });
});
