import { Injectable } from '@nestjs/common';
import { ConversationEvents, IdentityEvents, type EventOf } from '@parley/contracts';
import { OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { MessagingViewWriter } from './messaging-view.writer';

type ConversationEvent = EventOf<typeof ConversationEvents.created>;
type MembershipEvent = EventOf<typeof IdentityEvents.accountUserCreated>;

/**
 * Keeps kanban's copies of what cards refer to in messaging: conversations (by number) and the
 * account's agents with their availability (auto-assignment). What a deletion does to cards is
 * in cascades/.
 */
@Injectable()
export class MessagingViewConsumer {
  constructor(private readonly view: MessagingViewWriter) {}

  @OnEvent(ConversationEvents.created, { purpose: 'conversations_view_created', concurrency: 4 })
  conversationCreated(event: ConversationEvent, tx: EntityManager): Promise<void> {
    return this.conversation(event, tx, false);
  }

  @OnEvent(ConversationEvents.deleted, { purpose: 'conversations_view_deleted', concurrency: 4 })
  conversationDeleted(event: EventOf<typeof ConversationEvents.deleted>, tx: EntityManager): Promise<void> {
    return this.conversation(event, tx, true);
  }

  @OnEvent(IdentityEvents.accountUserCreated, { purpose: 'agents_view_created', concurrency: 4 })
  agentCreated(event: MembershipEvent, tx: EntityManager): Promise<void> {
    return this.agent(event, tx, false);
  }

  @OnEvent(IdentityEvents.accountUserUpdated, { purpose: 'agents_view_updated', concurrency: 4 })
  agentUpdated(event: MembershipEvent, tx: EntityManager): Promise<void> {
    return this.agent(event, tx, false);
  }

  @OnEvent(IdentityEvents.accountUserDeleted, { purpose: 'agents_view_deleted', concurrency: 4 })
  agentDeleted(event: MembershipEvent, tx: EntityManager): Promise<void> {
    return this.agent(event, tx, true);
  }

  private conversation(event: ConversationEvent, tx: EntityManager, deleted: boolean): Promise<void> {
    const { account_id, display_id, inbox_id } = event.data.conversation;
    return this.view.conversations.recordOne(
      tx,
      { account_id, display_id, inbox_id },
      new Date(event.occurred_at),
      deleted,
    );
  }

  private agent(event: MembershipEvent, tx: EntityManager, deleted: boolean): Promise<void> {
    const { account_id, user_id, availability_status } = event.data;
    return this.view.agents.recordOne(
      tx,
      { account_id, user_id, availability_status },
      new Date(event.occurred_at),
      deleted,
    );
  }
}
