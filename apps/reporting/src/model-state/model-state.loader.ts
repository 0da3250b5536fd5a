/** @owns reporting.model_state */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ModelState } from '@parley/contracts';
import { preparedQuery } from '@parley/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import type { HistoryBoundary } from './history-boundary.rules';

/** Reads and writes the one row saying whether the model is complete, and where its last rebuild split the history. */
@Injectable()
export class ModelStateLoader {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async state(): Promise<ModelState> {
    const [row]: Array<{ rebuilding: boolean }> = await this.db.query(
      'SELECT rebuilding FROM reporting.model_state WHERE id = 1',
    );
    return { rebuilding: row?.rebuilding ?? false };
  }

  /** Whether a rebuild is under way and its history part is in. */
  async progress(): Promise<{ rebuilding: boolean; history_filled: boolean }> {
    const [row] = await this.db.query('SELECT rebuilding, history_filled FROM reporting.model_state WHERE id = 1');
    return { rebuilding: row?.rebuilding ?? false, history_filled: row?.history_filled ?? true };
  }

  /** The split of the rebuild under way; null: none (events count as they come). */
  async boundary(tx: EntityManager): Promise<HistoryBoundary | null> {
    const [row] = await preparedQuery<{ history_before: string | null; history_read_at: string | null }>(
      tx,
      'reporting_history_boundary',
      'SELECT history_before, history_read_at FROM reporting.model_state WHERE id = 1',
      [],
    );
    if (!row || row.history_before === null || row.history_read_at === null) return null;
    return { before: Number(row.history_before), read_at: Number(row.history_read_at) };
  }

  async markRebuilding(boundary: HistoryBoundary): Promise<void> {
    await this.db.query(
      `UPDATE reporting.model_state SET rebuilding = true, rebuild_started_at = now(), rebuild_finished_at = NULL,
         history_before = $1, history_read_at = $2, history_filled = false WHERE id = 1`,
      [boundary.before, boundary.read_at],
    );
  }

  async markHistoryFilled(): Promise<void> {
    await this.db.query('UPDATE reporting.model_state SET history_filled = true WHERE id = 1');
  }

  /** The replay has caught up: no event is covered by the history any more (one published from now on, even with an older time, counts). */
  async markComplete(): Promise<void> {
    await this.db.query(
      'UPDATE reporting.model_state SET rebuilding = false, rebuild_finished_at = now(), history_before = NULL, history_read_at = NULL WHERE id = 1',
    );
  }
}
