import { Injectable } from '@nestjs/common';
import { VersionedView } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import type { AgentViewRow } from './persistence/agent-view.row';
import type { ConversationViewRow } from './persistence/conversation-view.row';

/** A conversation as the view keeps it. */
export type ConversationViewItem = Omit<ConversationViewRow, 'deleted'>;

/** An agent as the view keeps it. */
export type AgentViewItem = Omit<AgentViewRow, 'deleted'>;

/** The one way rows of the view are written, by events and by answers asked of messaging alike (see VersionedView). */
@Injectable()
export class MessagingViewWriter {
  readonly conversations = new VersionedView<ConversationViewItem>({
    table: 'kanban.conversations_view',
    key: ['account_id', 'display_id'],
    columns: [
      { name: 'account_id', type: 'int', value: (conversation) => conversation.account_id },
      { name: 'display_id', type: 'int', value: (conversation) => conversation.display_id },
      { name: 'inbox_id', type: 'int', value: (conversation) => conversation.inbox_id },
    ],
  });

  readonly agents = new VersionedView<AgentViewItem>({
    table: 'kanban.agents_view',
    key: ['account_id', 'user_id'],
    columns: [
      { name: 'account_id', type: 'int', value: (agent) => agent.account_id },
      { name: 'user_id', type: 'int', value: (agent) => agent.user_id },
      { name: 'availability_status', type: 'text', value: (agent) => agent.availability_status },
    ],
  });

  /** Forgets a deleted account's conversations and agents. */
  async forgetAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM kanban.conversations_view WHERE account_id = $1', [accountId]);
    await tx.query('DELETE FROM kanban.agents_view WHERE account_id = $1', [accountId]);
  }
}
