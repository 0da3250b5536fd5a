import { Injectable } from '@nestjs/common';
import { type AccountScoped, type BulkAssignMode, type KanbanItem, type KanbanPriority } from '@parley/contracts';
import { Outbox } from '@parley/service-kit';
import { CardEventsWriter } from '../cards/card-events.writer';
import { toKanbanItem } from '../cards/card.mapper';
import { checkedPriority } from '../cards/card.rules';
import { CardsService } from '../cards/cards.service';
import { CardsWriter, type CardRow } from '../cards/cards.writer';
import { agentsAfterAssignment, checkedBulkIds } from './card-moves.rules';

/** Bulk changes that are not moves: one transaction, all or nothing, up to KANBAN_BULK_LIMIT cards. */
@Injectable()
export class CardBulkService {
  constructor(
    private readonly outbox: Outbox,
    private readonly cards: CardsService,
    private readonly writer: CardsWriter,
    private readonly events: CardEventsWriter,
  ) {}

  async assignAgent(
    scope: AccountScoped,
    itemIds: number[],
    agentId: number,
    mode: BulkAssignMode,
  ): Promise<KanbanItem[]> {
    const ids = checkedBulkIds(itemIds);
    await this.cards.assertAgents(scope, [agentId]);
    return this.change(scope.account_id, ids, (card) => ({
      agents: agentsAfterAssignment(card.assigned_agents, agentId, mode),
      priority: card.priority,
    }));
  }

  async setPriority(accountId: number, itemIds: number[], priority: KanbanPriority): Promise<KanbanItem[]> {
    const ids = checkedBulkIds(itemIds);
    const next = checkedPriority(priority);
    return this.change(accountId, ids, (card) => ({ agents: card.assigned_agents, priority: next }));
  }

  private async change(
    accountId: number,
    ids: number[],
    next: (card: CardRow) => { agents: number[]; priority: string | null },
  ): Promise<KanbanItem[]> {
    const rows = await this.outbox.transaction(async (tx, emit) => {
      const before = await this.writer.lockCards(tx, accountId, ids);
      const after = await this.writer.setAgentsAndPriority(
        tx,
        before.map((card) => ({ id: card.id, ...next(card) })),
      );
      const byId = new Map(before.map((card) => [card.id, card]));
      await this.events.updated(
        emit,
        after.map((row) => ({ before: byId.get(row.id)!, after: row })),
      );
      return after.sort((a, b) => a.id - b.id);
    });
    return rows.map(toKanbanItem);
  }
}
