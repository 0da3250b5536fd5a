import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  KanbanErrors,
  KanbanWorkErrors,
  type AccountScoped,
  type ChecklistItem,
  type ChecklistItemInput,
  type ChecklistProgress,
} from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { prefixQuery } from '../cards/card-conditions.rules';
import { CardsLoader } from '../cards/cards.loader';
import { CardsService } from '../cards/cards.service';
import { CardsWriter } from '../cards/cards.writer';
import { checkedChecklistFields } from './checklist.rules';
import { toChecklistItem } from './checklist.mapper';
import { CHECKLIST_COLUMNS, type ChecklistItemRow } from './persistence/checklist-item.row';

/** A card's checklist: items with text, due date, priority, one agent and a completion state. */
@Injectable()
export class ChecklistsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cards: CardsLoader,
    private readonly cardsService: CardsService,
    private readonly cardsWriter: CardsWriter,
  ) {}

  /** `sourceKey`: the automation action adding it; the same key again adds nothing and answers the first item. */
  async create(
    scope: AccountScoped,
    cardId: number,
    input: ChecklistItemInput,
    sourceKey: string | null = null,
  ): Promise<ChecklistItem> {
    await this.cards.assertCard(scope.account_id, cardId);
    const fields = checkedChecklistFields(input, true);
    if (fields.agent_id) await this.cardsService.assertAgents(scope, [fields.agent_id]);
    const [row]: ChecklistItemRow[] = await this.dataSource.query(
      `INSERT INTO kanban.checklist_items (card_id, account_id, text, due_date, priority, agent_id, position, source_key)
       SELECT $1, $2, $3, $4, $5, $6, coalesce(max(position), 0) + 1, $7 FROM kanban.checklist_items WHERE card_id = $1
       ON CONFLICT (source_key) WHERE source_key IS NOT NULL DO NOTHING
       RETURNING ${CHECKLIST_COLUMNS}`,
      [
        cardId,
        scope.account_id,
        fields.text,
        fields.due_date ?? null,
        fields.priority ?? null,
        fields.agent_id ?? null,
        sourceKey,
      ],
    );
    if (row) return toChecklistItem(row);
    const [first]: ChecklistItemRow[] = await this.dataSource.query(
      `SELECT ${CHECKLIST_COLUMNS} FROM kanban.checklist_items WHERE source_key = $1`,
      [sourceKey],
    );
    return toChecklistItem(first);
  }

  async list(accountId: number, cardId: number): Promise<ChecklistItem[]> {
    await this.cards.assertCard(accountId, cardId);
    const rows: ChecklistItemRow[] = await this.dataSource.query(
      `SELECT ${CHECKLIST_COLUMNS} FROM kanban.checklist_items WHERE card_id = $1 ORDER BY position, id`,
      [cardId],
    );
    return rows.map(toChecklistItem);
  }

  async update(
    scope: AccountScoped,
    cardId: number,
    itemId: number,
    input: ChecklistItemInput,
  ): Promise<ChecklistItem> {
    const current = await this.find(scope.account_id, cardId, itemId);
    const fields = checkedChecklistFields(input, false);
    if (fields.agent_id) await this.cardsService.assertAgents(scope, [fields.agent_id]);
    const next = {
      text: current.text,
      due_date: current.due_date,
      priority: current.priority,
      agent_id: current.agent_id,
      ...fields,
    };
    return this.write(itemId, 'text = $2, due_date = $3, priority = $4, agent_id = $5', [
      next.text,
      next.due_date,
      next.priority,
      next.agent_id,
    ]);
  }

  /** Flips done/open; `completed_at` is set when it becomes done and cleared when it reopens. */
  async toggle(accountId: number, cardId: number, itemId: number): Promise<ChecklistItem> {
    await this.find(accountId, cardId, itemId);
    return this.write(
      itemId,
      'completed = NOT completed, completed_at = CASE WHEN completed THEN NULL ELSE now() END',
      [],
    );
  }

  async delete(accountId: number, cardId: number, itemId: number): Promise<null> {
    await this.find(accountId, cardId, itemId);
    await this.dataSource.query('DELETE FROM kanban.checklist_items WHERE id = $1', [itemId]);
    return null;
  }

  async assignAgent(scope: AccountScoped, cardId: number, itemId: number, agentId: number): Promise<ChecklistItem> {
    await this.find(scope.account_id, cardId, itemId);
    await this.cardsService.assertAgents(scope, [agentId]);
    return this.write(itemId, 'agent_id = $2', [agentId]);
  }

  async removeAgent(accountId: number, cardId: number, itemId: number): Promise<ChecklistItem> {
    await this.find(accountId, cardId, itemId);
    return this.write(itemId, 'agent_id = NULL', []);
  }

  /**
   * Copies this card's checklist to the target card, open again (a fresh checklist): after the
   * target's items (`merge`) or instead of them. One transaction.
   */
  async duplicate(accountId: number, cardId: number, targetId: number, merge: boolean): Promise<ChecklistItem[]> {
    await this.cards.assertCard(accountId, cardId);
    if (!(await this.cards.exists(accountId, targetId)))
      throw new DomainError(KanbanErrors.unknownReference, `Kanban item ${targetId} not found`, ['target_item_id']);
    if (targetId === cardId)
      throw new DomainError(KanbanWorkErrors.checklistItemInvalid, 'target_item_id must be another card', [
        'target_item_id',
      ]);
    return this.dataSource.transaction(async (tx: EntityManager) => {
      // Both checklists change under the target card's lock.
      await this.cardsWriter.lockCard(tx, accountId, targetId);
      if (!merge) await tx.query('DELETE FROM kanban.checklist_items WHERE card_id = $1', [targetId]);
      await tx.query(
        `INSERT INTO kanban.checklist_items (card_id, account_id, text, due_date, priority, agent_id, position)
         SELECT $2, account_id, text, due_date, priority, agent_id,
                (SELECT coalesce(max(position), 0) FROM kanban.checklist_items WHERE card_id = $2) + row_number() OVER (ORDER BY position, id)
           FROM kanban.checklist_items WHERE card_id = $1 ORDER BY position, id`,
        [cardId, targetId],
      );
      const rows: ChecklistItemRow[] = await tx.query(
        `SELECT ${CHECKLIST_COLUMNS} FROM kanban.checklist_items WHERE card_id = $1 ORDER BY position, id`,
        [targetId],
      );
      return rows.map(toChecklistItem);
    });
  }

  /** Items whose text has every word of `query` (as word prefixes): of this card, or of every card of the account. */
  async search(accountId: number, cardId: number, query: string, all: boolean): Promise<ChecklistItem[]> {
    await this.cards.assertCard(accountId, cardId);
    const text = prefixQuery(query);
    if (!text) return [];
    const rows: ChecklistItemRow[] = await this.dataSource.query(
      `SELECT ${CHECKLIST_COLUMNS} FROM kanban.checklist_items
        WHERE account_id = $1 AND ($2::int IS NULL OR card_id = $2) AND to_tsvector('simple', text) @@ to_tsquery('simple', $3)
        ORDER BY card_id, position, id LIMIT 100`,
      [accountId, all ? null : cardId, text],
    );
    return rows.map(toChecklistItem);
  }

  /** Per agent with items on this card: how many are assigned to them and how many of those are done. */
  async progressByAgent(accountId: number, cardId: number): Promise<ChecklistProgress[]> {
    await this.cards.assertCard(accountId, cardId);
    return this.dataSource.query(
      `SELECT agent_id, count(*)::int AS assigned, count(*) FILTER (WHERE completed)::int AS completed
         FROM kanban.checklist_items WHERE card_id = $1 AND agent_id IS NOT NULL GROUP BY agent_id ORDER BY agent_id`,
      [cardId],
    );
  }

  private async find(accountId: number, cardId: number, itemId: number): Promise<ChecklistItemRow> {
    await this.cards.assertCard(accountId, cardId);
    const [row]: ChecklistItemRow[] = await this.dataSource.query(
      `SELECT ${CHECKLIST_COLUMNS} FROM kanban.checklist_items WHERE id = $1 AND card_id = $2`,
      [itemId, cardId],
    );
    if (!row) throw new DomainError(KanbanWorkErrors.checklistItemNotFound, 'Checklist item not found');
    return row;
  }

  private async write(itemId: number, assignments: string, values: unknown[]): Promise<ChecklistItem> {
    const [rows] = (await this.dataSource.query(
      `UPDATE kanban.checklist_items SET ${assignments}, updated_at = now() WHERE id = $1 RETURNING ${CHECKLIST_COLUMNS}`,
      [itemId, ...values],
    )) as [ChecklistItemRow[], number];
    return toChecklistItem(rows[0]);
  }
}
