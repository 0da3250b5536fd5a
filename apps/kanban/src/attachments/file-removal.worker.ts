import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { FILE_STORAGE, PollingLoop, type FileStorage } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { KANBAN_SERVICE_CONFIG, type KanbanServiceConfig } from '../kanban.config';

const BATCH = 100;

/**
 * Removes the files of deleted attachments (queued in `file_removals` by a trigger, whatever
 * deleted the row: the attachment, its note, card or funnel). Rows are claimed with
 * FOR UPDATE SKIP LOCKED, so replicas share the work; a crash leaves the rows to the next pass.
 */
@Injectable()
export class FileRemovalWorker extends PollingLoop {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(KANBAN_SERVICE_CONFIG) config: KanbanServiceConfig,
  ) {
    super(config.workerPollMs, 'Removing files of deleted attachments');
  }

  protected async pass(): Promise<boolean> {
    const removed = await this.dataSource.transaction(async (tx) => {
      const rows: Array<{ id: string; storage_key: string }> = await tx.query(
        `SELECT id, storage_key FROM kanban.file_removals ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      );
      for (const row of rows) await this.storage.remove(row.storage_key);
      if (rows.length)
        await tx.query('DELETE FROM kanban.file_removals WHERE id = ANY($1::bigint[])', [rows.map((row) => row.id)]);
      return rows.length;
    });
    return removed === BATCH;
  }
}
