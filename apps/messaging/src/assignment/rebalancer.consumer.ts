import { Injectable } from '@nestjs/common';
import { ConversationEvents, IdentityEvents, InboxEvents, type EventOf } from '@parley/contracts';
import { OnEvent, Outbox } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { InboxesLoader } from '../inboxes/inboxes.loader';
import { ConversationChangesService } from '../conversations/conversation-changes.service';
import { ConversationWriter } from '../conversations/conversation.writer';

const MAX_PER_INBOX = 200;

/**
 * Gives waiting (open, unassigned) conversations to agents when capacity appears: an agent
 * comes online, a conversation stops occupying its agent, members or limits of an inbox change.
 * Driven by events, so a crash in between only delays it until the redelivery.
 */
@Injectable()
export class RebalancerConsumer {
  constructor(
    private readonly outbox: Outbox,
    private readonly changes: ConversationChangesService,
    private readonly conversations: ConversationWriter,
    private readonly inboxes: InboxesLoader,
  ) {}

  async rebalance(inboxIds: number[]): Promise<void> {
    for (const inboxId of new Set(inboxIds)) {
      for (let assigned = 0; assigned < MAX_PER_INBOX; assigned++) {
        const done = await this.outbox.transaction(async (tx, emit) => {
          const waiting = await this.conversations.lockOldestWaiting(tx, inboxId);
          return !waiting || !(await this.changes.autoAssign(tx, emit, waiting));
        });
        if (done) break;
      }
    }
  }

  @OnEvent(IdentityEvents.accountUserUpdated, { purpose: 'rebalance_on_availability' })
  async onAvailability(event: EventOf<typeof IdentityEvents.accountUserUpdated>, tx: EntityManager): Promise<void> {
    if (event.data.availability_status !== 'online') return;
    await this.rebalance(await this.inboxes.servedBy(tx, event.data.account_id, event.data.user_id));
  }

  @OnEvent(ConversationEvents.statusChanged, { purpose: 'rebalance_on_status' })
  async onStatus(event: EventOf<typeof ConversationEvents.statusChanged>): Promise<void> {
    const { conversation, previous_status } = event.data;
    if (previous_status === 'open' && conversation.assignee_id !== null) await this.rebalance([conversation.inbox_id]);
  }

  @OnEvent(ConversationEvents.assigneeChanged, { purpose: 'rebalance_on_assignee' })
  async onAssignee(event: EventOf<typeof ConversationEvents.assigneeChanged>): Promise<void> {
    if (event.data.previous_assignee_id !== null) await this.rebalance([event.data.conversation.inbox_id]);
  }

  @OnEvent(InboxEvents.membersChanged, { purpose: 'rebalance_on_members' })
  async onMembers(event: EventOf<typeof InboxEvents.membersChanged>): Promise<void> {
    await this.rebalance([event.data.inbox_id]);
  }

  @OnEvent(InboxEvents.updated, { purpose: 'rebalance_on_inbox' })
  async onInbox(event: EventOf<typeof InboxEvents.updated>): Promise<void> {
    if (event.data.inbox.enable_auto_assignment) await this.rebalance([event.data.inbox.id]);
  }
}
