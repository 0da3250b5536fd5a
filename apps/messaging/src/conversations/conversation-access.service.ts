import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ConversationErrors, type AccountScoped, type Caller, type ChannelType } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { conversationFromRow, type ConversationRowColumns } from './persistence/conversation.row';
import { ConversationEntity } from './persistence/conversation.orm-entity';

/** The inbox rules a message write needs. */
export interface MessageInbox {
  channel_type: ChannelType;
  allow_messages_after_resolved: boolean;
  message_deleted_placeholder: string | null;
}

/**
 * Finds a conversation by its number in the account, for a caller: administrators reach every
 * conversation, agents only those of inboxes they are members of (403 otherwise).
 */
@Injectable()
export class ConversationAccess {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(scope: AccountScoped, displayId: number, options: { tx?: EntityManager; lock?: boolean } = {}): Promise<ConversationEntity> {
    const manager = options.tx ?? this.dataSource.manager;
    const conversation = await manager.findOne(ConversationEntity, {
      where: { accountId: scope.account_id, displayId },
      lock: options.lock && options.tx ? { mode: 'pessimistic_write' } : undefined,
    });
    if (!conversation) throw new DomainError(ConversationErrors.notFound, 'Conversation not found');
    await this.assertInboxAccess(manager, scope.caller, conversation.inboxId);
    return conversation;
  }

  /**
   * For writing a message: the conversation, its inbox's rules and the caller's name, with the
   * access check, in one round trip (no lock: the message writer's UPDATE takes it).
   */
  async findForMessage(tx: EntityManager, scope: AccountScoped, displayId: number): Promise<{ conversation: ConversationEntity; inbox: MessageInbox; callerName: string | null }> {
    const [row]: Array<ConversationRowColumns & MessageInbox & { caller_name: string | null; allowed: boolean }> = await tx.query(
      `SELECT c.*, i.channel_type, i.allow_messages_after_resolved, i.message_deleted_placeholder,
              (SELECT coalesce(u.display_name, u.name) FROM messaging.users u WHERE u.id = $3) AS caller_name,
              ($4 OR EXISTS (SELECT 1 FROM messaging.inbox_members im WHERE im.inbox_id = c.inbox_id AND im.user_id = $3)) AS allowed
         FROM messaging.conversations c JOIN messaging.inboxes i ON i.id = c.inbox_id
        WHERE c.account_id = $1 AND c.display_id = $2`,
      [scope.account_id, displayId, scope.caller.user_id, scope.caller.role === 'administrator'],
    );
    if (!row) throw new DomainError(ConversationErrors.notFound, 'Conversation not found');
    if (!row.allowed) throw new DomainError(ConversationErrors.accessDenied, 'You do not have access to this conversation');
    return {
      conversation: conversationFromRow(row),
      inbox: { channel_type: row.channel_type, allow_messages_after_resolved: row.allow_messages_after_resolved, message_deleted_placeholder: row.message_deleted_placeholder },
      callerName: row.caller_name,
    };
  }

  async assertInboxAccess(manager: EntityManager, caller: Caller, inboxId: number): Promise<void> {
    if (caller.role === 'administrator') return;
    const rows: unknown[] = await manager.query('SELECT 1 FROM messaging.inbox_members WHERE inbox_id = $1 AND user_id = $2', [inboxId, caller.user_id]);
    if (rows.length === 0) throw new DomainError(ConversationErrors.accessDenied, 'You do not have access to this conversation');
  }
}
