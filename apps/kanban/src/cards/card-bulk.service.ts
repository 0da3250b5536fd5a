import { Injectable } from '@nestjs/common';
import { type AccountScoped, type BulkAssignMode, type KanbanItem, type KanbanPriority } from '@parley/contracts';
import { Outbox } from '@parley/service-kit';
import { CardEventsWriter } from './card-events.writer';
import { toKanbanItem } from './card.mapper';
import { agentsAfterAssignment, checkedBulkIds, checkedPriority } from './card.rules';
import { CardsService } from './cards.service';
import { CardsWriter, updateReturning } from './cards.writer';
import { CARD_COLUMNS_OF_C, type CardRow } from './persistence/card.row';

/** Bulk changes that are not moves: one transaction, all or nothing, up to KANBAN_BULK_LIMIT cards. */
@Injectable()
export class CardBulkService {
  constructor(
    private readonly outbox: Outbox,
    private readonly cards: CardsService,
    private readonly writer: CardsWriter,
    private readonly events: CardEventsWriter,
  ) {}

  async assignAgent(scope: AccountScoped, itemIds: number[], agentId: number, mode: BulkAssignMode): Promise<KanbanItem[]> {
    const ids = checkedBulkIds(itemIds);
    await this.cards.assertAgents(scope, [agentId]);
    return this.change(scope.account_id, ids, (card) => ({ agents: agentsAfterAssignment(card.assigned_agents, agentId, mode), priority: card.priority }));
  }

  async setPriority(accountId: number, itemIds: number[], priority: KanbanPriority): Promise<KanbanItem[]> {
    const ids = checkedBulkIds(itemIds);
    const next = checkedPriority(priority);
    return this.change(accountId, ids, (card) => ({ agents: card.assigned_agents, priority: next }));
  }

  private async change(accountId: number, ids: number[], next: (card: CardRow) => { agents: number[]; priority: string | null }): Promise<KanbanItem[]> {
    const rows = await this.outbox.transaction(async (tx, emit) => {
      const before = await this.writer.lockCards(tx, accountId, ids);
      const changes = before.map((card) => ({ id: card.id, ...next(card) }));
      const after = await updateReturning(
        tx,
        `UPDATE kanban.cards c SET assigned_agents = m.agents::int[], priority = m.priority, updated_at = now()
           FROM (SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id int, agents text, priority text)) m
          WHERE c.id = m.id RETURNING ${CARD_COLUMNS_OF_C}`,
        [JSON.stringify(changes.map((change) => ({ id: change.id, agents: `{${change.agents.join(',')}}`, priority: change.priority })))],
      );
      const byId = new Map(before.map((card) => [card.id, card]));
      await this.events.updated(emit, after.map((row) => ({ before: byId.get(row.id)!, after: row })));
      return after.sort((a, b) => a.id - b.id);
    });
    return rows.map(toKanbanItem);
  }
}
