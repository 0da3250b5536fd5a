import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CONTACT_IMPORT_MAX_ROWS, type CustomAttributeDefinition } from '@parley/contracts';
import {
  DeletedAccounts,
  FILE_STORAGE,
  isUniqueViolation,
  Outbox,
  PollingLoop,
  type FileStorage,
} from '@parley/service-kit';
import { parse } from 'csv-parse';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { CONTACTS_CONFIG, type ContactsConfig } from '../contacts.config';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';
import { CsvRecordCounter } from './csv-record-count.rules';
import { contactFieldsFromRow } from './csv-row.mapper';
import { ImportBatchWriter } from './import-batch.writer';
import { judgeImportRows, lastRowOf, oneByOne, type ImportRow, type JudgedBatch } from './import-row.rules';
import { CONTACT_IMPORT_COLUMNS, type ContactImportRow } from './persistence/contact-import.row';

/**
 * Rows per transaction. The worker's round trips (definitions, match, insert, events, counters,
 * commit) are paid per batch and wait behind everything else on a busy machine: 2,000 rows make
 * a quarter as many as 500 did, and a batch still commits in well under a second.
 */
const BATCH_SIZE = 2000;
const POLL_MS = 1000;

/**
 * Runs import jobs. Each batch commits its contacts, its events and the job's counters in one
 * transaction, so a restart resumes after the last committed row, never twice. A job is
 * leased: a worker that dies lets another take it over once the lease lapses.
 */
@Injectable()
export class ImportWorker extends PollingLoop {
  /** How long a claimed job stays with this worker without progress (a crashed worker's job waits this long). */
  private readonly leaseMs: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly outbox: Outbox,
    private readonly deletedAccounts: DeletedAccounts,
    private readonly messagingView: MessagingViewLoader,
    private readonly batches: ImportBatchWriter,
    @Inject(CONTACTS_CONFIG) config: ContactsConfig,
  ) {
    super(POLL_MS, 'Running contact imports');
    this.leaseMs = config.importLeaseMs;
  }

  /** Runs the next job due, if any (a job's own failure is recorded on it, not thrown). */
  protected async pass(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    await this.run(job);
    return true;
  }

  /** The oldest unfinished job no worker holds, leased to this one (rows another worker is claiming are skipped). */
  private async claim(): Promise<ContactImportRow | null> {
    const [rows]: [ContactImportRow[], number] = await this.dataSource.query(
      `UPDATE contacts.imports
          SET status = 'running', started_at = coalesce(started_at, $1), locked_until = $2, updated_at = now()
        WHERE id = (SELECT id FROM contacts.imports
                     WHERE status IN ('queued', 'running') AND (locked_until IS NULL OR locked_until < now())
                     ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING ${CONTACT_IMPORT_COLUMNS}`,
      [new Date(), new Date(Date.now() + this.leaseMs)],
    );
    return rows[0] ?? null;
  }

  private async run(job: ContactImportRow): Promise<void> {
    try {
      if (job.rows_total === null) {
        job.rows_total = await this.countRows(job.file_key);
        await this.dataSource.query('UPDATE contacts.imports SET rows_total = $2, updated_at = now() WHERE id = $1', [
          job.id,
          job.rows_total,
        ]);
      }
      if (job.rows_total > CONTACT_IMPORT_MAX_ROWS)
        throw new Error(`The file has ${job.rows_total} rows; at most ${CONTACT_IMPORT_MAX_ROWS} are accepted`);
      // Rows are judged by the definitions messaging has when the run starts: one question, not one
      // a batch. If it cannot answer now, each batch is judged as a single write would be, and by
      // contacts' copy of the definitions while messaging still cannot answer.
      const definitions = await this.messagingView.ownerDefinitions(job.account_id).catch(() => null);
      let batch: ImportRow[] = [];
      let rowNumber = 0;
      // The batch being committed: the next one is read, parsed and judged meanwhile, and waits
      // for it, so batches still commit one after the other, in file order.
      let committing: Promise<void> = Promise.resolve();
      try {
        for await (const raw of await this.records(job.file_key)) {
          rowNumber++;
          if (rowNumber <= job.processed) continue; // done before a restart
          batch.push({ rowNumber, raw: raw as Record<string, string> });
          if (batch.length === BATCH_SIZE) {
            const judged = await this.judge(job, batch, definitions);
            batch = [];
            await committing;
            if (this.isStopping) return this.release(job); // another worker (or the next start) resumes at once
            committing = this.commitBatch(job, judged);
            // Awaited with the next batch (or below): a failure surfaces there.
            committing.catch(() => undefined);
          }
        }
      } finally {
        // Settled before the job is finished or released, whatever ended the reading.
        await committing.catch(() => undefined);
      }
      await committing;
      if (this.isStopping) return this.release(job);
      if (batch.length) await this.commitBatch(job, await this.judge(job, batch, definitions));
      await this.finish(job, 'completed', null);
    } catch (error) {
      this.logger.error(`Import ${job.id} failed: ${(error as Error).message}`);
      await this.finish(job, 'failed', (error as Error).message);
    }
  }

  /** The rows judged by the run's definitions, or else by those messaging (or contacts' copy) has for this batch. */
  private async judge(
    job: ContactImportRow,
    rows: ImportRow[],
    runDefinitions: CustomAttributeDefinition[] | null,
  ): Promise<JudgedBatch> {
    const definitions =
      runDefinitions ??
      (await this.messagingView
        .contactDefinitionsFor(
          job.account_id,
          rows.map((row) => contactFieldsFromRow(row.raw).custom_attributes ?? {}),
        )
        // An import outlasts a short outage of messaging: its rows are not all refused for it.
        .catch(() => this.messagingView.viewDefinitions(job.account_id)));
    return judgeImportRows(rows, definitions);
  }

  private async commitBatch(job: ContactImportRow, judged: JudgedBatch): Promise<void> {
    const apply = (careful: boolean) =>
      this.outbox.transaction(async (tx, emit) => {
        if (await this.deletedAccounts.isDeleted(tx, job.account_id)) throw new Error('The account was deleted');
        let outcome = { created: 0, updated: 0, failed: 0 };
        if (!careful) {
          outcome = await this.batches.apply(tx, emit, job.account_id, job.id, judged);
        } else {
          // A concurrent write took a value this batch wanted: go row by row, each in a savepoint.
          for (const single of oneByOne(judged)) {
            await tx.query('SAVEPOINT import_row');
            try {
              const one = await this.batches.apply(tx, emit, job.account_id, job.id, single);
              outcome = {
                created: outcome.created + one.created,
                updated: outcome.updated + one.updated,
                failed: outcome.failed + one.failed,
              };
              await tx.query('RELEASE SAVEPOINT import_row');
            } catch (error) {
              if (!isUniqueViolation(error)) throw error;
              await tx.query('ROLLBACK TO SAVEPOINT import_row');
              await this.batches.recordFailures(tx, job.id, [
                {
                  row: (single.accepted[0] ?? single.failures[0]).row,
                  errors: ['Email, phone number or identifier has already been taken'],
                },
              ]);
              outcome.failed++;
            }
          }
        }
        job.processed = lastRowOf(judged);
        job.created += outcome.created;
        job.updated += outcome.updated;
        job.failed += outcome.failed;
        job.locked_until = new Date(Date.now() + this.leaseMs);
        await tx.query(
          'UPDATE contacts.imports SET processed = $2, created = $3, updated = $4, failed = $5, locked_until = $6, updated_at = now() WHERE id = $1',
          [job.id, job.processed, job.created, job.updated, job.failed, job.locked_until],
        );
      });
    const snapshot = { created: job.created, updated: job.updated, failed: job.failed, processed: job.processed };
    try {
      await apply(false);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      Object.assign(job, snapshot);
      await apply(true);
    }
  }

  private async release(job: ContactImportRow): Promise<void> {
    await this.dataSource.query('UPDATE contacts.imports SET locked_until = NULL, updated_at = now() WHERE id = $1', [
      job.id,
    ]);
  }

  private async finish(job: ContactImportRow, status: 'completed' | 'failed', reason: string | null): Promise<void> {
    await this.dataSource.query(
      'UPDATE contacts.imports SET status = $2, failure_reason = $3, finished_at = $4, locked_until = NULL, updated_at = now() WHERE id = $1',
      [job.id, status, reason, new Date()],
    );
  }

  private async records(fileKey: string): Promise<AsyncIterable<unknown>> {
    // Streamed: memory stays flat whatever the file size. A BOM before the header is tolerated.
    return (await this.fileStream(fileKey)).pipe(
      parse({ columns: true, bom: true, skip_empty_lines: true, trim: false, relax_column_count: true }),
    );
  }

  /** The file's data rows: counted by its lines when it has no quote character (most files), else parsed. */
  private async countRows(fileKey: string): Promise<number> {
    const lines = new CsvRecordCounter();
    for await (const chunk of await this.fileStream(fileKey)) {
      lines.push(chunk as Buffer);
      if (lines.quoteSeen) break;
    }
    const counted = lines.count();
    if (counted !== null) return counted;
    let count = 0;
    for await (const _ of await this.records(fileKey)) count++;
    return count;
  }

  private async fileStream(fileKey: string): Promise<Readable> {
    const file = await this.storage.open(fileKey);
    if (!file) throw new Error('The uploaded file is gone');
    return file.stream;
  }
}
