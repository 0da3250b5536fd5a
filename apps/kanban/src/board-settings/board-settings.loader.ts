import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { KanbanErrors, type KanbanConfig } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { toKanbanConfig } from './board-settings.mapper';
import { KANBAN_CONFIG_COLUMNS, type KanbanConfigRow } from './persistence/kanban-config.row';

/** The account's configuration as other features read it (defaults when none is stored). */
@Injectable()
export class BoardSettingsLoader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async of(accountId: number, manager: EntityManager = this.dataSource.manager): Promise<KanbanConfig> {
    const [row]: KanbanConfigRow[] = await manager.query(
      `SELECT ${KANBAN_CONFIG_COLUMNS} FROM kanban.kanban_configs WHERE account_id = $1`,
      [accountId],
    );
    return toKanbanConfig(accountId, row ?? null);
  }

  /** Every Kanban endpoint but the configuration's own answers 403 while the module is off. */
  async assertEnabled(accountId: number): Promise<void> {
    const [row]: Array<{ enabled: boolean }> = await this.dataSource.query(
      'SELECT enabled FROM kanban.kanban_configs WHERE account_id = $1',
      [accountId],
    );
    if (row && !row.enabled)
      throw new DomainError(KanbanErrors.disabled, 'The Kanban module is disabled for this account');
  }
}
