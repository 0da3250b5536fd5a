import { Injectable } from '@nestjs/common';
import { ConversationEvents, IdentityEvents, type EventOf } from '@parley/contracts';
import { OnEvent, type Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { CardEventsWriter } from '../cards/card-events.writer';
import { CardsWriter } from '../cards/cards.writer';

/** What messaging's deletions do to cards: a deleted conversation's link is cleared; a removed agent leaves every card. */
@Injectable()
export class MessagingDeletionsConsumer {
  constructor(
    private readonly cards: CardsWriter,
    private readonly events: CardEventsWriter,
  ) {}

  @OnEvent(ConversationEvents.deleted, { purpose: 'cards_conversation_deleted' })
  async conversationDeleted(
    event: EventOf<typeof ConversationEvents.deleted>,
    tx: EntityManager,
    emit: Emit,
  ): Promise<void> {
    const { conversation } = event.data;
    await this.events.updated(
      emit,
      await this.cards.clearConversation(tx, conversation.account_id, conversation.display_id),
    );
  }

  @OnEvent(IdentityEvents.accountUserDeleted, { purpose: 'cards_agent_removed' })
  async agentRemoved(
    event: EventOf<typeof IdentityEvents.accountUserDeleted>,
    tx: EntityManager,
    emit: Emit,
  ): Promise<void> {
    const { account_id, user_id } = event.data;
    await this.events.updated(emit, await this.cards.removeAgentEverywhere(tx, account_id, user_id));
  }
}
