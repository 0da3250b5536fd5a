import type { DeletedAccounts, FileStorage, Outbox } from '@parley/service-kit';
import { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import type { ContactsConfig } from '../contacts.config';
import type { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';
import type { BatchOutcome, ImportBatchWriter } from './import-batch.writer';
import type { ImportFailure, JudgedBatch } from './import-row.rules';
import { ImportWorker } from './import.worker';

const uniqueViolation = () => Object.assign(new Error('duplicate key'), { code: '23505' });

/**
 * A worker over fakes of its ports: one queued job whose file is `csv`; `apply` stands for the
 * batch's writes. Messaging does not answer at the run's start, so each batch asks for its
 * definitions when it is judged: `judged` hears of it.
 */
function setUp(
  csv: string,
  apply: (batch: JudgedBatch) => Promise<BatchOutcome>,
  judged: (count: number) => void = () => undefined,
) {
  const log: string[] = [];
  const recorded: ImportFailure[] = [];
  const counters: unknown[][] = [];
  let finished: unknown[] | null = null;
  const job = {
    id: 7,
    account_id: 1,
    file_key: 'f',
    rows_total: null,
    processed: 0,
    created: 0,
    updated: 0,
    failed: 0,
  };
  let claimed = false;
  let judgedBatches = 0;
  const dataSource = {
    query: async (sql: string, params: unknown[]) => {
      if (sql.includes('SET status = $2')) finished = params;
      if (!sql.includes("SET status = 'running'")) return [[], 0];
      if (claimed) return [[], 0];
      claimed = true;
      return [[{ ...job }], 1];
    },
  } as unknown as DataSource;
  const tx = {
    query: async (sql: string, params: unknown[]) => {
      if (sql.startsWith('UPDATE contacts.imports SET processed')) counters.push(params);
      else log.push(sql);
    },
  };
  const outbox = {
    transaction: async (work: (tx: unknown, emit: unknown) => Promise<void>) => {
      log.push('BEGIN');
      try {
        await work(tx, {});
        log.push('COMMIT');
      } catch (error) {
        log.push('ROLLBACK');
        throw error;
      }
    },
  } as unknown as Outbox;
  const storage = { open: async () => ({ stream: Readable.from([Buffer.from(csv)]), size: csv.length }) };
  const batches = {
    apply: async (_tx: unknown, _emit: unknown, _account: number, _import: number, batch: JudgedBatch) => {
      const rows = [...batch.accepted.map((a) => a.row.rowNumber), ...batch.failures.map((f) => f.row.rowNumber)];
      log.push(`apply ${Math.min(...rows)}-${Math.max(...rows)}`);
      return apply(batch);
    },
    recordFailures: async (_tx: unknown, _import: number, failures: ImportFailure[]) => {
      recorded.push(...failures);
    },
  } as unknown as ImportBatchWriter;
  const worker = new ImportWorker(
    dataSource,
    storage as unknown as FileStorage,
    outbox,
    { isDeleted: async () => false } as unknown as DeletedAccounts,
    {
      ownerDefinitions: async () => Promise.reject(new Error('messaging does not answer')),
      contactDefinitionsFor: async () => {
        judged(++judgedBatches);
        return [];
      },
    } as unknown as MessagingViewLoader,
    batches,
    { importLeaseMs: 60_000 } as ContactsConfig,
  );
  return { worker, log, recorded, counters, finished: () => finished };
}

const written = (batch: JudgedBatch): BatchOutcome => ({
  created: batch.accepted.length,
  updated: 0,
  failed: batch.failures.length,
});

describe('ImportWorker', () => {
  it('judges the next batch while the last one is written, and commits them one after the other, in file order', async () => {
    const rows = Array.from({ length: 4500 }, (_, i) => `Person ${i},p${i}@example.com`);
    let nextJudged!: () => void;
    const judgedMeanwhile = new Promise<void>((resolve) => (nextJudged = resolve));
    let overlapped = false;
    const { worker, log, counters, finished } = setUp(
      `name,email\n${rows.join('\n')}\n`,
      async (batch) => {
        if (batch.accepted[0].row.rowNumber === 1) {
          // The first batch's writes end only once the second batch has been judged (bounded).
          let bound!: NodeJS.Timeout;
          const outlasted = new Promise<void>((_, reject) => {
            bound = setTimeout(() => reject(new Error('the next batch was not read meanwhile')), 5_000);
          });
          await Promise.race([judgedMeanwhile, outlasted]).finally(() => clearTimeout(bound));
          overlapped = true;
        }
        return written(batch);
      },
      (count) => count === 2 && nextJudged(),
    );
    await worker['pass']();
    expect(log.filter((line) => ['BEGIN', 'COMMIT'].includes(line) || line.startsWith('apply'))).toEqual([
      'BEGIN',
      'apply 1-2000',
      'COMMIT',
      'BEGIN',
      'apply 2001-4000',
      'COMMIT',
      'BEGIN',
      'apply 4001-4500',
      'COMMIT',
    ]);
    expect(counters.map(([, processed, created]) => [processed, created])).toEqual([
      [2000, 2000],
      [4000, 4000],
      [4500, 4500],
    ]);
    expect(overlapped).toBe(true);
    expect(finished()?.[1]).toBe('completed');
  });

  it('after a conflict with a concurrent write, applies the batch row by row and fails only the row that conflicts', async () => {
    const { worker, log, recorded, counters, finished } = setUp(
      'name,email\nAna,ana@example.com\nBo,not-an-email\nCy,cy@example.com\n',
      async (batch) => {
        const rows = [...batch.accepted, ...batch.failures].map(({ row }) => row.rowNumber);
        if (rows.length > 1 || rows[0] === 3) throw uniqueViolation();
        return written(batch);
      },
    );
    await worker['pass']();
    expect(log).toContain('ROLLBACK');
    expect(log.filter((line) => line.startsWith('apply'))).toEqual([
      'apply 1-3',
      'apply 1-1',
      'apply 2-2',
      'apply 3-3',
    ]);
    expect(recorded).toEqual([
      { row: { rowNumber: 3, raw: { name: 'Cy', email: 'cy@example.com' } }, errors: [expect.stringMatching(/taken/)] },
    ]);
    // Ana created; Bo refused by its value; Cy refused by the conflict.
    expect(counters.at(-1)?.slice(1, 5)).toEqual([3, 1, 0, 2]);
    expect(finished()?.[1]).toBe('completed');
  });

  it('names the row when a conflict comes from applying a refused row alone', async () => {
    const { worker, recorded, finished } = setUp(
      'name,email\nAna,ana@example.com\nBo,not-an-email\n',
      async (batch) => {
        if (batch.failures.length > 0) throw uniqueViolation();
        return written(batch);
      },
    );
    await worker['pass']();
    expect(recorded.map(({ row }) => row.rowNumber)).toEqual([2]);
    expect(finished()?.[1]).toBe('completed');
  });
});
