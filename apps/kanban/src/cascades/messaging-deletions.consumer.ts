import { Injectable } from '@nestjs/common';
import { ConversationEvents, IdentityEvents, type EventOf } from '@parley/contracts';
import { OnEvent, type Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { CardEventsWriter } from '../cards/card-events.writer';
import { CardsWriter } from '../cards/cards.writer';
import type { CardRow } from '../cards/persistence/card.row';

/** What messaging's deletions do to cards: a deleted conversation's link is cleared; a removed agent leaves every card. */
@Injectable()
export class MessagingDeletionsConsumer {
  constructor(
    private readonly cards: CardsWriter,
    private readonly events: CardEventsWriter,
  ) {}

  @OnEvent(ConversationEvents.deleted, { purpose: 'cards_conversation_deleted' })
  async conversationDeleted(event: EventOf<typeof ConversationEvents.deleted>, tx: EntityManager, emit: Emit): Promise<void> {
    const { conversation } = event.data;
    const linked: CardRow[] = await tx.query(
      'SELECT id, conversation_display_id FROM kanban.cards WHERE account_id = $1 AND conversation_display_id = $2',
      [conversation.account_id, conversation.display_id],
    );
    if (linked.length === 0) return;
    const before = await this.cards.lockCards(tx, conversation.account_id, linked.map((card) => card.id));
    const after = await this.cards.clearConversation(tx, conversation.account_id, conversation.display_id);
    await this.announce(emit, before, after);
  }

  @OnEvent(IdentityEvents.accountUserDeleted, { purpose: 'cards_agent_removed' })
  async agentRemoved(event: EventOf<typeof IdentityEvents.accountUserDeleted>, tx: EntityManager, emit: Emit): Promise<void> {
    const { account_id, user_id } = event.data;
    const holding: Array<{ id: number }> = await tx.query('SELECT id FROM kanban.cards WHERE account_id = $1 AND assigned_agents @> ARRAY[$2]::int[]', [account_id, user_id]);
    if (holding.length === 0) return;
    const before = await this.cards.lockCards(tx, account_id, holding.map((card) => card.id));
    const after = await this.cards.removeAgentEverywhere(tx, account_id, user_id);
    await this.announce(emit, before, after);
  }

  private async announce(emit: Emit, before: CardRow[], after: CardRow[]): Promise<void> {
    const byId = new Map(before.map((card) => [card.id, card]));
    await this.events.updated(emit, after.filter((row) => byId.has(row.id)).map((row) => ({ before: byId.get(row.id)!, after: row })));
  }
}
