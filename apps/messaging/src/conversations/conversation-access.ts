import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AccountScoped, Caller } from '@parley/contracts';
import { ForbiddenError, NotFoundError } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { ConversationEntity } from './persistence/conversation.orm-entity';

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
    if (!conversation) throw new NotFoundError('Conversation');
    await this.assertInboxAccess(manager, scope.caller, conversation.inboxId);
    return conversation;
  }

  async assertInboxAccess(manager: EntityManager, caller: Caller, inboxId: number): Promise<void> {
    if (caller.role === 'administrator') return;
    const rows: unknown[] = await manager.query('SELECT 1 FROM messaging.inbox_members WHERE inbox_id = $1 AND user_id = $2', [inboxId, caller.user_id]);
    if (rows.length === 0) throw new ForbiddenError('You do not have access to this conversation');
  }
}
