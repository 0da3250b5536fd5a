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

export type { CardRow };

/** A card before and after a change, as the card events take it. */
export interface CardChange {
  before: CardRow;
  after: CardRow;
}

/** An imported card's row to insert (its stage and position chosen, its fields checked). */
export interface ImportedCardRow {
  stage: string;
  position: number;
  agents: number[];
  title: string;
  description: string | null;
  status: string;
  priority: string | null;
  value: number | null;
  currency: unknown;
  attributes: Record<string, unknown>;
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
    const rows: CardRow[] = await tx.query(
      `SELECT ${CARD_COLUMNS} FROM kanban.cards WHERE account_id = $1 AND id = ANY($2) ORDER BY id FOR UPDATE`,
      [accountId, ids],
    );
    if (rows.length !== ids.length) {
      const found = new Set(rows.map((row) => row.id));
      const missing = ids.filter((id) => !found.has(id));
      throw new DomainError(KanbanErrors.itemsMissing, `No cards of this account with ids: ${missing.join(', ')}`, [
        field,
      ]);
    }
    return rows;
  }

  /** The card, locked for the transaction, or a 404. */
  async lockCard(tx: EntityManager, accountId: number, id: number): Promise<CardRow> {
    const [row]: CardRow[] = await tx.query(
      `SELECT ${CARD_COLUMNS} FROM kanban.cards WHERE account_id = $1 AND id = $2 FOR UPDATE`,
      [accountId, id],
    );
    if (!row) throw new DomainError(KanbanErrors.itemNotFound, 'Kanban item not found');
    return row;
  }

  /** The cards of a stage (its lock held), locked, in position order. */
  lockInStage(tx: EntityManager, funnelId: number, stageKey: string): Promise<CardRow[]> {
    return tx.query(
      `SELECT ${CARD_COLUMNS} FROM kanban.cards WHERE funnel_id = $1 AND stage_key = $2 ORDER BY position, id FOR UPDATE`,
      [funnelId, stageKey],
    );
  }

  /** The next free position at the end of each of a funnel's stages (their locks held). */
  async endsOf(tx: EntityManager, funnelId: number, stageKeys: string[]): Promise<Map<string, number>> {
    const ends: Array<{ stage_key: string; next: number }> = await tx.query(
      'SELECT stage_key, coalesce(max(position), 0) + 1 AS next FROM kanban.cards WHERE funnel_id = $1 AND stage_key = ANY($2) GROUP BY stage_key',
      [funnelId, stageKeys],
    );
    return new Map(stageKeys.map((key) => [key, ends.find((end) => end.stage_key === key)?.next ?? 1]));
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
    await tx.query(
      'UPDATE kanban.cards SET position = position + 1 WHERE funnel_id = $1 AND stage_key = $2 AND position >= $3 AND id IS DISTINCT FROM $4',
      [to.funnelId, to.stageKey, position, exceptId],
    );
  }

  /** Puts cards in a stage at the given positions (free, the stage's lock held), recording the stage visits. */
  async relocate(
    tx: EntityManager,
    cards: Array<{ id: number; position: number; status: KanbanItemStatus }>,
    to: Destination,
    accountId: number,
  ): Promise<CardRow[]> {
    if (cards.length === 0) return [];
    const ids = cards.map((card) => card.id);
    await tx.query('UPDATE kanban.card_stage_visits SET left_at = now() WHERE card_id = ANY($1) AND left_at IS NULL', [
      ids,
    ]);
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

  /** New agents and priority per card (locked), in one statement. */
  setAgentsAndPriority(
    tx: EntityManager,
    changes: Array<{ id: number; agents: number[]; priority: string | null }>,
  ): Promise<CardRow[]> {
    return updateReturning(
      tx,
      `UPDATE kanban.cards c SET assigned_agents = m.agents::int[], priority = m.priority, updated_at = now()
         FROM (SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id int, agents text, priority text)) m
        WHERE c.id = m.id RETURNING ${CARD_COLUMNS_OF_C}`,
      [
        JSON.stringify(
          changes.map((change) => ({
            id: change.id,
            agents: `{${change.agents.join(',')}}`,
            priority: change.priority,
          })),
        ),
      ],
    );
  }

  /** Imported cards, at the positions given (free, their stages' locks held), with their first stage visits; one statement each. */
  async insertImported(
    tx: EntityManager,
    accountId: number,
    funnelId: number,
    cards: ImportedCardRow[],
  ): Promise<CardRow[]> {
    const created: CardRow[] = await tx.query(
      `INSERT INTO kanban.cards (account_id, funnel_id, stage_key, position, assigned_agents, title, description, status, priority, value, currency, custom_attributes)
       SELECT $1, $2, r.stage, r.position, r.agents::int[], r.title, r.description, r.status, r.priority, r.value, r.currency, coalesce(r.attributes, '{}')
         FROM jsonb_to_recordset($3::jsonb) AS r(stage text, position int, agents text, title text, description text, status text, priority text, value float8, currency jsonb, attributes jsonb)
       RETURNING ${CARD_COLUMNS}`,
      [accountId, funnelId, JSON.stringify(cards.map((card) => ({ ...card, agents: `{${card.agents.join(',')}}` })))],
    );
    await tx.query(
      `INSERT INTO kanban.card_stage_visits (card_id, account_id, funnel_id, stage_key, entered_at) SELECT id, $2, $3, stage_key, now() FROM kanban.cards WHERE id = ANY($1)`,
      [created.map((row) => row.id), accountId, funnelId],
    );
    return created;
  }

  /** The links to a deleted conversation are cleared (cascades). */
  async clearConversation(tx: EntityManager, accountId: number, displayId: number): Promise<CardChange[]> {
    const before: CardRow[] = await tx.query(
      `SELECT ${CARD_COLUMNS} FROM kanban.cards WHERE account_id = $1 AND conversation_display_id = $2 ORDER BY id FOR UPDATE`,
      [accountId, displayId],
    );
    return this.changed(tx, before, 'conversation_display_id = NULL', []);
  }

  /** A removed agent leaves every card of the account (cascades). */
  async removeAgentEverywhere(tx: EntityManager, accountId: number, userId: number): Promise<CardChange[]> {
    const before: CardRow[] = await tx.query(
      `SELECT ${CARD_COLUMNS} FROM kanban.cards WHERE account_id = $1 AND assigned_agents @> ARRAY[$2]::int[] ORDER BY id FOR UPDATE`,
      [accountId, userId],
    );
    return this.changed(tx, before, 'assigned_agents = array_remove(assigned_agents, $2)', [userId]);
  }

  /** Applies `assignments` to the locked cards `before`; each with its row after. */
  private async changed(
    tx: EntityManager,
    before: CardRow[],
    assignments: string,
    values: unknown[],
  ): Promise<CardChange[]> {
    if (before.length === 0) return [];
    const after = await updateReturning(
      tx,
      `UPDATE kanban.cards SET ${assignments}, updated_at = now() WHERE id = ANY($1) RETURNING ${CARD_COLUMNS}`,
      [before.map((card) => card.id), ...values],
    );
    const byId = new Map(after.map((row) => [row.id, row]));
    return before.map((card) => ({ before: card, after: byId.get(card.id)! }));
  }

  /** The per-stage counters of deleted funnels (their cards' trigger left them at zero). */
  async forgetCounters(tx: EntityManager, funnelIds: number[]): Promise<void> {
    await tx.query('DELETE FROM kanban.stage_counters WHERE funnel_id = ANY($1::int[])', [funnelIds]);
  }
}
