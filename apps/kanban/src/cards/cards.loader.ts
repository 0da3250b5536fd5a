import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { KANBAN_PAGE_SIZE, KanbanErrors, type KanbanItemPage } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { toKanbanItem } from './card.mapper';
import type { CardConditions } from './card-conditions.rules';
import { CARD_COLUMNS, CARD_COLUMNS_OF_C, type CardRow } from './persistence/card.row';

export type { CardRow };

/** Reads of cards for the features that hang work on cards or show them (moves, CSV, search, reports). */
@Injectable()
export class CardsLoader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The card named by a path: one of the account's, else 404. */
  async assertCard(accountId: number, id: number, manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (!(await this.exists(accountId, id, manager)))
      throw new DomainError(KanbanErrors.itemNotFound, 'Kanban item not found');
  }

  async exists(accountId: number, id: number, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [row]: Array<{ id: number }> = await manager.query(
      'SELECT id FROM kanban.cards WHERE account_id = $1 AND id = $2',
      [accountId, id],
    );
    return row !== undefined;
  }

  /** The card, or a 404. */
  async find(accountId: number, id: number): Promise<CardRow> {
    const [row]: CardRow[] = await this.dataSource.query(
      `SELECT ${CARD_COLUMNS} FROM kanban.cards WHERE account_id = $1 AND id = $2`,
      [accountId, id],
    );
    if (!row) throw new DomainError(KanbanErrors.itemNotFound, 'Kanban item not found');
    return row;
  }

  /** The account's cards among `ids` (by id), without locks: what a move reads before it locks. */
  ofAccount(accountId: number, ids: number[]): Promise<CardRow[]> {
    return this.dataSource.query(
      `SELECT ${CARD_COLUMNS} FROM kanban.cards WHERE account_id = $1 AND id = ANY($2) ORDER BY id`,
      [accountId, ids],
    );
  }

  /** Cards by id, as the board shows them (by funnel, stage and position) or by position alone. */
  byIds(manager: EntityManager, ids: number[], order: 'board' | 'position' = 'board'): Promise<CardRow[]> {
    const orderBy = order === 'board' ? 'funnel_id, stage_key, position' : 'position';
    return manager.query(`SELECT ${CARD_COLUMNS} FROM kanban.cards WHERE id = ANY($1) ORDER BY ${orderBy}`, [ids]);
  }

  /** A page of the cards the conditions select, newest first, with the count of them all. */
  async page(conditions: CardConditions, requested: number | undefined): Promise<KanbanItemPage> {
    const page = Math.max(requested ?? 1, 1);
    const where = conditions.where;
    const [{ count }]: Array<{ count: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM kanban.cards c WHERE ${where}`,
      conditions.params,
    );
    const limit = conditions.param(KANBAN_PAGE_SIZE);
    const offset = conditions.param((page - 1) * KANBAN_PAGE_SIZE);
    const rows: CardRow[] = await this.dataSource.query(
      `SELECT ${CARD_COLUMNS_OF_C} FROM kanban.cards c WHERE ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}`,
      conditions.params,
    );
    return {
      meta: { count, current_page: page, total_pages: Math.ceil(count / KANBAN_PAGE_SIZE) },
      payload: rows.map(toKanbanItem),
    };
  }

  /** The funnel's cards after the id `after`, by id: one chunk of an export. */
  chunkOfFunnel(funnelId: number, after: number, limit: number): Promise<CardRow[]> {
    return this.dataSource.query(
      `SELECT ${CARD_COLUMNS} FROM kanban.cards WHERE funnel_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
      [funnelId, after, limit],
    );
  }
}
