import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CONTACT_IMPORT_MAX_ROWS } from '@parley/contracts';
import { DeletedAccounts, FILE_STORAGE, isUniqueViolation, Outbox, PollingLoop, type FileStorage } from '@parley/service-kit';
import { parse } from 'csv-parse';
import { DataSource } from 'typeorm';
import { CONTACTS_CONFIG, type ContactsConfig } from '../contacts.config';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';
import { contactFieldsFromRow } from './csv-row.mapper';
import { ImportBatchWriter, type ImportRow } from './import-batch.writer';
import { ContactImportEntity } from './persistence/contact-import.orm-entity';

const BATCH_SIZE = 500;
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

  private async claim(): Promise<ContactImportEntity | null> {
    return this.dataSource.transaction(async (tx) => {
      const [job] = await tx
        .createQueryBuilder(ContactImportEntity, 'j')
        .where("j.status IN ('queued', 'running') AND (j.locked_until IS NULL OR j.locked_until < now())")
        .orderBy('j.id', 'ASC')
        .limit(1)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      if (!job) return null;
      job.status = 'running';
      job.startedAt ??= new Date();
      job.lockedUntil = new Date(Date.now() + this.leaseMs);
      return tx.save(job);
    });
  }

  private async run(job: ContactImportEntity): Promise<void> {
    try {
      if (job.rowsTotal === null) {
        job.rowsTotal = await this.countRows(job.fileKey);
        await this.dataSource.getRepository(ContactImportEntity).update({ id: job.id }, { rowsTotal: job.rowsTotal });
      }
      if (job.rowsTotal > CONTACT_IMPORT_MAX_ROWS) throw new Error(`The file has ${job.rowsTotal} rows; at most ${CONTACT_IMPORT_MAX_ROWS} are accepted`);
      let batch: ImportRow[] = [];
      let rowNumber = 0;
      for await (const raw of await this.records(job.fileKey)) {
        rowNumber++;
        if (rowNumber <= job.processed) continue; // done before a restart
        batch.push({ rowNumber, raw: raw as Record<string, string> });
        if (batch.length === BATCH_SIZE) {
          await this.commitBatch(job, batch);
          batch = [];
          if (this.isStopping) return this.release(job); // another worker (or the next start) resumes at once
        }
      }
      if (batch.length) await this.commitBatch(job, batch);
      await this.finish(job, 'completed', null);
    } catch (error) {
      this.logger.error(`Import ${job.id} failed: ${(error as Error).message}`);
      await this.finish(job, 'failed', (error as Error).message);
    }
  }

  private async commitBatch(job: ContactImportEntity, rows: ImportRow[]): Promise<void> {
    // Per batch, before its transaction: the rows' keys decide whether messaging must be asked (see contactDefinitionsFor).
    const definitions = await this.messagingView.contactDefinitionsFor(
      job.accountId,
      rows.map((row) => contactFieldsFromRow(row.raw).custom_attributes ?? {}),
    );
    const apply = (careful: boolean) =>
      this.outbox.transaction(async (tx, emit) => {
        if (await this.deletedAccounts.isDeleted(tx, job.accountId)) throw new Error('The account was deleted');
        let outcome = { created: 0, updated: 0, failed: 0 };
        if (!careful) {
          outcome = await this.batches.apply(tx, emit, job.accountId, job.id, rows, definitions);
        } else {
          // A concurrent write took a value this batch wanted: go row by row, each in a savepoint.
          for (const row of rows) {
            await tx.query('SAVEPOINT import_row');
            try {
              const one = await this.batches.apply(tx, emit, job.accountId, job.id, [row], definitions);
              outcome = { created: outcome.created + one.created, updated: outcome.updated + one.updated, failed: outcome.failed + one.failed };
              await tx.query('RELEASE SAVEPOINT import_row');
            } catch (error) {
              if (!isUniqueViolation(error)) throw error;
              await tx.query('ROLLBACK TO SAVEPOINT import_row');
              await this.batches.recordFailures(tx, job.id, [{ row, errors: ['Email, phone number or identifier has already been taken'] }]);
              outcome.failed++;
            }
          }
        }
        job.processed = rows[rows.length - 1].rowNumber;
        job.created += outcome.created;
        job.updated += outcome.updated;
        job.failed += outcome.failed;
        job.lockedUntil = new Date(Date.now() + this.leaseMs);
        await tx.update(ContactImportEntity, { id: job.id }, {
          processed: job.processed,
          created: job.created,
          updated: job.updated,
          failed: job.failed,
          lockedUntil: job.lockedUntil,
        });
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

  private async release(job: ContactImportEntity): Promise<void> {
    await this.dataSource.getRepository(ContactImportEntity).update({ id: job.id }, { lockedUntil: null });
  }

  private async finish(job: ContactImportEntity, status: 'completed' | 'failed', reason: string | null): Promise<void> {
    await this.dataSource
      .getRepository(ContactImportEntity)
      .update({ id: job.id }, { status, failureReason: reason, finishedAt: new Date(), lockedUntil: null });
  }

  private async records(fileKey: string): Promise<AsyncIterable<unknown>> {
    const file = await this.storage.open(fileKey);
    if (!file) throw new Error('The uploaded file is gone');
    // Streamed: memory stays flat whatever the file size. A BOM before the header is tolerated.
    return file.stream.pipe(parse({ columns: true, bom: true, skip_empty_lines: true, trim: false, relax_column_count: true }));
  }

  private async countRows(fileKey: string): Promise<number> {
    let count = 0;
    for await (const _ of await this.records(fileKey)) count++;
    return count;
  }
}
