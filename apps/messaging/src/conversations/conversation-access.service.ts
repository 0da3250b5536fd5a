import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ConversationErrors, type AccountScoped, type Caller, type ConversationSnapshot } from '@parley/contracts';
import { DomainError, preparedQuery, selectOneOrFail } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { InboxesLoader, type MessageInbox } from '../inboxes/inboxes.loader';
import { toSnapshot } from './conversation.loader';
import {
  CONVERSATION_FOR_MESSAGE,
  type ConversationForMessageRow,
  type ConversationRow,
} from './persistence/conversation.row';

/**
 * Finds a conversation by its number in the account, for a caller: administrators reach every
 * conversation, agents only those of inboxes they are members of (403 otherwise).
 */
@Injectable()
export class ConversationAccessService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly inboxes: InboxesLoader,
  ) {}

  async find(
    scope: AccountScoped,
    displayId: number,
    options: { tx?: EntityManager; lock?: boolean } = {},
  ): Promise<ConversationRow> {
    const manager = options.tx ?? this.dataSource.manager;
    const lock = options.lock && options.tx ? ' FOR UPDATE' : '';
    const conversation = await selectOneOrFail<ConversationRow>(
      manager,
      `SELECT * FROM messaging.conversations WHERE account_id = $1 AND display_id = $2${lock}`,
      [scope.account_id, displayId],
      'Conversation',
      ConversationErrors.notFound,
    );
    await this.assertInboxAccess(manager, scope.caller, conversation.inbox_id);
    return conversation;
  }

  /**
   * For writing a message: the conversation, its inbox's rules and the caller's name, with the
   * access check, in one round trip (no lock: the message writer's UPDATE takes it). The message
   * create's hot path, so it reads the inbox, its members and the caller's name in this statement.
   */
  async findForMessage(
    tx: EntityManager,
    scope: AccountScoped,
    displayId: number,
  ): Promise<{
    conversation: ConversationRow;
    before: ConversationSnapshot;
    inbox: MessageInbox;
    callerName: string | null;
  }> {
    const [row] = await preparedQuery<ConversationForMessageRow>(
      tx,
      'messaging_conversation_for_message',
      CONVERSATION_FOR_MESSAGE,
      [scope.account_id, displayId, scope.caller.user_id, scope.caller.role === 'administrator'],
    );
    if (!row) throw new DomainError(ConversationErrors.notFound, 'Conversation not found');
    if (!row.allowed)
      throw new DomainError(ConversationErrors.accessDenied, 'You do not have access to this conversation');
    return {
      conversation: row,
      before: toSnapshot(row),
      inbox: {
        channel_type: row.channel_type,
        allow_messages_after_resolved: row.allow_messages_after_resolved,
        message_deleted_placeholder: row.message_deleted_placeholder,
      },
      callerName: row.caller_name,
    };
  }

  /** The inbox exists in the account and the caller may use it. */
  async assertInboxUsable(manager: EntityManager, scope: AccountScoped, inboxId: number): Promise<void> {
    if (!(await this.inboxes.exists(manager, scope.account_id, inboxId)))
      throw new DomainError(ConversationErrors.inboxMissing, 'Inbox does not exist', ['inbox_id']);
    await this.assertInboxAccess(manager, scope.caller, inboxId);
  }

  async assertInboxAccess(manager: EntityManager, caller: Caller, inboxId: number): Promise<void> {
    if (caller.role === 'administrator') return;
    if (!(await this.inboxes.isMember(manager, inboxId, caller.user_id))) {
      throw new DomainError(ConversationErrors.accessDenied, 'You do not have access to this conversation');
    }
  }
}
