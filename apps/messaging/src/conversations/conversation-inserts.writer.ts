import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ConversationEvents, type AccountScoped, type ConversationSnapshot } from '@parley/contracts';
import type { Emit } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { ConversationLoader } from './conversation.loader';
import { ConversationEntity } from './persistence/conversation.orm-entity';

/** The fields a new conversation is given by its creator. */
export type NewConversation = Pick<
  ConversationEntity,
  | 'inboxId'
  | 'contactId'
  | 'sourceId'
  | 'status'
  | 'assigneeId'
  | 'teamId'
  | 'customAttributes'
  | 'additionalAttributes'
  | 'campaignId'
>;

/** New conversation rows: their display ids, rows, snapshots and created/opened events (for the API's create and campaign sends). */
@Injectable()
export class ConversationInsertsWriter {
  constructor(
    private readonly loader: ConversationLoader,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * The next `count` display ids of the account, taken in a statement of their own: the account's
   * counter row is held only for it, not for the transaction that creates the conversations (an id
   * whose transaction rolls back is never used: ids are unique and increasing, with gaps).
   */
  async nextDisplayIds(accountId: number, count: number): Promise<number[]> {
    if (count === 0) return [];
    const [{ last_display_id: last }]: Array<{ last_display_id: number }> = await this.dataSource.query(
      `INSERT INTO messaging.conversation_counters (account_id, last_display_id) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE SET last_display_id = conversation_counters.last_display_id + $2
       RETURNING last_display_id`,
      [accountId, count],
    );
    return Array.from({ length: count }, (_, index) => last - count + 1 + index);
  }

  /** A new conversation row under a display id from `nextDisplayIds`, and its created (and opened) events; with its snapshot as they showed it. */
  async insert(
    tx: EntityManager,
    emit: Emit,
    scope: AccountScoped,
    displayId: number,
    fields: NewConversation,
  ): Promise<{ conversation: ConversationEntity; snapshot: ConversationSnapshot }> {
    const [inserted] = await this.insertMany(tx, emit, scope, [{ displayId, fields }]);
    return inserted;
  }

  /** `insert` for several conversations: their rows, snapshots and events written a statement each, not one per conversation. */
  async insertMany(
    tx: EntityManager,
    emit: Emit,
    scope: AccountScoped,
    items: Array<{ displayId: number; fields: NewConversation }>,
  ): Promise<Array<{ conversation: ConversationEntity; snapshot: ConversationSnapshot }>> {
    const conversations = await tx.save(
      items.map(({ displayId, fields }) =>
        tx.create(ConversationEntity, {
          ...fields,
          accountId: scope.account_id,
          displayId,
          assignedAt: fields.assigneeId ? new Date() : null,
          priority: null,
          labels: [],
          muted: false,
          snoozedUntil: null,
          messagesCount: 0,
          unreadCount: 0,
          lastMessageId: null,
          lastNonActivityMessageId: null,
          lastIncomingAt: null,
          lastActivityAt: new Date(),
        }),
      ),
    );
    const snapshots = await this.loader.snapshots(
      conversations.map((conversation) => conversation.id),
      tx,
    );
    await emit.many(
      ConversationEvents.created,
      scope.account_id,
      snapshots.map((snapshot) => ({ conversation: snapshot })),
    );
    await emit.many(
      ConversationEvents.opened,
      scope.account_id,
      snapshots.filter((snapshot) => snapshot.status === 'open').map((snapshot) => ({ conversation: snapshot })),
    );
    return conversations.map((conversation, index) => ({ conversation, snapshot: snapshots[index] }));
  }
}
