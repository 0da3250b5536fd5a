import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { KanbanErrors, type ErrorCode, type Funnel } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { toFunnel } from './funnel.mapper';
import { FUNNEL_COLUMNS, type FunnelRow } from './persistence/funnel.row';
import { STAGE_COLUMNS, type StageRow } from './persistence/stage.row';

/** A funnel or stage named in a path is a 404; one named in a body a 422 (decisions.md). */
export type ReferencePlace = 'path' | 'body';

/** Reads of funnels and stages that cards need, and the stage locks that order card positions. */
@Injectable()
export class FunnelsLoader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async funnelRow(
    accountId: number,
    id: number,
    place: ReferencePlace,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<FunnelRow> {
    const [row]: FunnelRow[] = await manager.query(
      `SELECT ${FUNNEL_COLUMNS} FROM kanban.funnels WHERE id = $1 AND account_id = $2`,
      [id, accountId],
    );
    if (!row) throw missing(place, KanbanErrors.funnelNotFound, `Funnel ${id} not found`, 'funnel_id');
    return row;
  }

  async funnel(
    accountId: number,
    id: number,
    place: ReferencePlace = 'path',
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Funnel> {
    const row = await this.funnelRow(accountId, id, place, manager);
    return toFunnel(row, await this.stagesOf(id, manager));
  }

  stagesOf(funnelId: number, manager: EntityManager = this.dataSource.manager): Promise<StageRow[]> {
    return manager.query(`SELECT ${STAGE_COLUMNS} FROM kanban.stages WHERE funnel_id = $1 ORDER BY position, key`, [
      funnelId,
    ]);
  }

  /** Whether the funnel has the stage (read in the caller's transaction). */
  async hasStage(tx: EntityManager, funnelId: number, key: string): Promise<boolean> {
    const [row]: Array<{ key: string }> = await tx.query(
      'SELECT key FROM kanban.stages WHERE funnel_id = $1 AND key = $2',
      [funnelId, key],
    );
    return row !== undefined;
  }

  /** The account's default funnel, else its first active one: where a card without `funnel_id` goes. */
  async defaultFunnelId(accountId: number, manager: EntityManager = this.dataSource.manager): Promise<number | null> {
    const [row]: Array<{ id: number }> = await manager.query(
      'SELECT id FROM kanban.funnels WHERE account_id = $1 AND active ORDER BY is_default DESC, id LIMIT 1',
      [accountId],
    );
    return row?.id ?? null;
  }

  /**
   * The funnel of the stage a path names: `funnelId` when given (a funnel of the account, else
   * 422), otherwise the account's one funnel with a stage of that id (none → 404; several → 422
   * asking for `funnel_id`).
   */
  async funnelOfStage(accountId: number, funnelId: number | undefined, stageId: string): Promise<number> {
    if (funnelId !== undefined) {
      await this.funnelRow(accountId, funnelId, 'body');
      const [stage]: Array<{ key: string }> = await this.dataSource.query(
        'SELECT key FROM kanban.stages WHERE funnel_id = $1 AND key = $2',
        [funnelId, stageId],
      );
      if (!stage) throw new DomainError(KanbanErrors.stageNotFound, `Stage ${stageId} not found`);
      return funnelId;
    }
    const rows: Array<{ funnel_id: number }> = await this.dataSource.query(
      'SELECT s.funnel_id FROM kanban.stages s JOIN kanban.funnels f ON f.id = s.funnel_id WHERE f.account_id = $1 AND s.key = $2 LIMIT 2',
      [accountId, stageId],
    );
    if (rows.length === 0) throw new DomainError(KanbanErrors.stageNotFound, `Stage ${stageId} not found`);
    if (rows.length > 1)
      throw new DomainError(KanbanErrors.stageInvalid, `Several funnels have a stage ${stageId}: give funnel_id`, [
        'funnel_id',
      ]);
    return rows[0].funnel_id;
  }

  async activeFunnelIds(accountId: number): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.dataSource.query(
      'SELECT id FROM kanban.funnels WHERE account_id = $1 AND active ORDER BY id',
      [accountId],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Locks the stage rows (in key order, so two movers never wait on each other crosswise) and
   * returns them: card positions in a stage change only under its lock. A stage that does not
   * exist is a 422 naming `field`.
   */
  async lockStages(
    tx: EntityManager,
    stages: Array<{ funnelId: number; key: string }>,
    field = 'funnel_stage',
  ): Promise<Map<string, StageRow>> {
    const unique = [...new Map(stages.map((stage) => [`${stage.funnelId}\u0000${stage.key}`, stage])).values()].sort(
      (a, b) => a.funnelId - b.funnelId || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    );
    const locked = new Map<string, StageRow>();
    for (const { funnelId, key } of unique) {
      const [row]: StageRow[] = await tx.query(
        `SELECT ${STAGE_COLUMNS} FROM kanban.stages WHERE funnel_id = $1 AND key = $2 FOR UPDATE`,
        [funnelId, key],
      );
      if (!row)
        throw new DomainError(KanbanErrors.unknownReference, `Stage ${key} is not a stage of funnel ${funnelId}`, [
          field,
        ]);
      locked.set(stageKey(funnelId, key), row);
    }
    return locked;
  }
}

export function stageKey(funnelId: number, key: string): string {
  return `${funnelId}\u0000${key}`;
}

function missing(place: ReferencePlace, code: ErrorCode, message: string, field: string): DomainError {
  return place === 'path'
    ? new DomainError(code, message)
    : new DomainError(KanbanErrors.unknownReference, message, [field]);
}
