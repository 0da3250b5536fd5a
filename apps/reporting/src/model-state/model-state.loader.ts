import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ModelState } from '@parley/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/** Reads and writes the one row saying whether the model is complete. */
@Injectable()
export class ModelStateLoader {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async state(): Promise<ModelState> {
    const [row]: Array<{ rebuilding: boolean }> = await this.db.query('SELECT rebuilding FROM reporting.model_state WHERE id = 1');
    return { rebuilding: row?.rebuilding ?? false };
  }

  async markRebuilding(tx: EntityManager): Promise<void> {
    await tx.query('UPDATE reporting.model_state SET rebuilding = true, rebuild_started_at = now(), rebuild_finished_at = NULL WHERE id = 1');
  }

  async markComplete(): Promise<void> {
    await this.db.query('UPDATE reporting.model_state SET rebuilding = false, rebuild_finished_at = now() WHERE id = 1');
  }
}
