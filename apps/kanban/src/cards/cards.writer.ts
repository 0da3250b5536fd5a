import { Injectable } from '@nestjs/common';
import { KanbanErrors, type KanbanItemStatus } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { CARD_COLUMNS, CARD_COLUMNS_OF_C, type CardRow } from './persistence/card.row';

/** Rows of an UPDATE … RETURNING (TypeORM answers `[rows, count]` for updates). */
export async function updateReturning(tx: EntityManager, sql: string, params: unknown[]): Promise<CardRow[]> {
  const [rows] = (await tx.query(sql, params)) as [CardRow[], number];
  return rows;
}

export interface Destination {
  funnelId: number;
  stageKey: string;
}

/**
 * Writes of the `cards` and `card_stage_visits` tables. Positions in a stage change only while
 * the caller holds that stage's row lock (FunnelsLoader.lockStages); the unique (funnel,
 * stage, position) constraint, checked at commit, is the last line of defence.
 */
@Injectable()
export class CardsWriter {
  /** The cards of the account among `ids`, locked for the transaction; missing ones → 422 naming them. */
  async lockCards(tx: EntityManager, accountId: number, ids: number[], field = 'item_ids'): Promise<CardRow[]> {
    const rows: CardRow[] = await tx.query(`SELECT ${CARD_COLUMNS} FROM kanban.cards WHERE account_id = $1 AND id = ANY($2) ORDER BY id FOR UPDATE`, [accountId, ids]);
    if (rows.length !== ids.length) {
      const found = new Set(rows.map((row) => row.id));
      const missing = ids.filter((id) => !found.has(id));
      throw new DomainError(KanbanErrors.itemsMissing, `No cards of this account with ids: ${missing.join(', ')}`, [field]);
    }
    return rows;
  }

  /** The card, locked for the transaction, or a 404. */
  async lockCard(tx: EntityManager, accountId: number, id: number): Promise<CardRow> {
    const [row]: CardRow[] = await tx.query(`SELECT ${CARD_COLUMNS} FROM kanban.cards WHERE account_id = $1 AND id = $2 FOR UPDATE`, [accountId, id]);
    if (!row) throw new DomainError(KanbanErrors.itemNotFound, 'Kanban item not found');
    return row;
  }

  /** The next free position at the end of a stage (its lock held). */
  async endOf(tx: EntityManager, to: Destination): Promise<number> {
    const [{ next }]: Array<{ next: number }> = await tx.query(
      'SELECT coalesce(max(position), 0) + 1 AS next FROM kanban.cards WHERE funnel_id = $1 AND stage_key = $2',
      [to.funnelId, to.stageKey],
    );
    return next;
  }

  /** Makes `position` free in a stage (its lock held) by shifting the cards at and after it down by one. */
  async makeRoom(tx: EntityManager, to: Destination, position: number, exceptId: number | null): Promise<void> {
    const [taken]: Array<{ id: number }> = await tx.query(
      'SELECT id FROM kanban.cards WHERE funnel_id = $1 AND stage_key = $2 AND position = $3 AND id IS DISTINCT FROM $4 LIMIT 1',
      [to.funnelId, to.stageKey, position, exceptId],
    );
    if (!taken) return;
    await tx.query('UPDATE kanban.cards SET position = position + 1 WHERE funnel_id = $1 AND stage_key = $2 AND position >= $3 AND id IS DISTINCT FROM $4', [
      to.funnelId,
      to.stageKey,
      position,
      exceptId,
    ]);
  }

  /** Puts cards in a stage at the given positions (free, the stage's lock held), recording the stage visits. */
  async relocate(tx: EntityManager, cards: Array<{ id: number; position: number; status: KanbanItemStatus }>, to: Destination, accountId: number): Promise<CardRow[]> {
    if (cards.length === 0) return [];
    const ids = cards.map((card) => card.id);
    await tx.query('UPDATE kanban.card_stage_visits SET left_at = now() WHERE card_id = ANY($1) AND left_at IS NULL', [ids]);
    const rows = await updateReturning(
      tx,
      `UPDATE kanban.cards c SET funnel_id = $2, stage_key = $3, position = m.position, status = m.status, stage_entered_at = now(), updated_at = now()
         FROM unnest($1::int[], $4::int[], $5::text[]) AS m(id, position, status)
        WHERE c.id = m.id
        RETURNING ${CARD_COLUMNS_OF_C}`,
      [ids, to.funnelId, to.stageKey, cards.map((card) => card.position), cards.map((card) => card.status)],
    );
    await this.openVisits(tx, ids, to, accountId);
    return rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  }

  /** A position change within the card's stage (its lock held; room made). */
  async setPosition(tx: EntityManager, id: number, position: number): Promise<void> {
    await tx.query('UPDATE kanban.cards SET position = $2, updated_at = now() WHERE id = $1', [id, position]);
  }

  async openVisits(tx: EntityManager, ids: number[], to: Destination, accountId: number): Promise<void> {
    await tx.query(
      `INSERT INTO kanban.card_stage_visits (card_id, account_id, funnel_id, stage_key, entered_at) SELECT id, $2, $3, $4, now() FROM unnest($1::int[]) AS id`,
      [ids, accountId, to.funnelId, to.stageKey],
    );
  }

  /** The links to a deleted conversation are cleared (cascades). */
  async clearConversation(tx: EntityManager, accountId: number, displayId: number): Promise<CardRow[]> {
    return updateReturning(
      tx,
      `UPDATE kanban.cards SET conversation_display_id = NULL, updated_at = now() WHERE account_id = $1 AND conversation_display_id = $2 RETURNING ${CARD_COLUMNS}`,
      [accountId, displayId],
    );
  }

  /** A removed agent leaves every card of the account (cascades). */
  async removeAgentEverywhere(tx: EntityManager, accountId: number, userId: number): Promise<CardRow[]> {
    return updateReturning(
      tx,
      `UPDATE kanban.cards SET assigned_agents = array_remove(assigned_agents, $2), updated_at = now() WHERE account_id = $1 AND assigned_agents @> ARRAY[$2]::int[] RETURNING ${CARD_COLUMNS}`,
      [accountId, userId],
    );
  }

  /** The per-stage counters of deleted funnels (their cards' trigger left them at zero). */
  async forgetCounters(tx: EntityManager, funnelIds: number[]): Promise<void> {
    await tx.query('DELETE FROM kanban.stage_counters WHERE funnel_id = ANY($1::int[])', [funnelIds]);
  }
}
