import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ConversationEvents, type ConversationSnapshot } from '@parley/contracts';
import type { Emit } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { ConversationLoader } from './conversation.loader';
import type { ConversationRow } from './persistence/conversation.row';

/** The fields a new conversation is given by its creator. */
export type NewConversation = Pick<
  ConversationRow,
  | 'inbox_id'
  | 'contact_id'
  | 'source_id'
  | 'status'
  | 'assignee_id'
  | 'team_id'
  | 'custom_attributes'
  | 'additional_attributes'
  | 'campaign_id'
>;

/** The rows of `$2` (a JSON array of NewConversation with display ids) in account `$1`; the other columns take their defaults. */
const INSERT_CONVERSATIONS = `
  INSERT INTO messaging.conversations (account_id, display_id, inbox_id, contact_id, source_id, status, assignee_id,
                                       assigned_at, team_id, custom_attributes, additional_attributes, campaign_id)
  SELECT $1, n.display_id, n.inbox_id, n.contact_id, n.source_id, n.status, n.assignee_id,
         CASE WHEN n.assignee_id IS NOT NULL THEN now() END, n.team_id, n.custom_attributes, n.additional_attributes, n.campaign_id
    FROM jsonb_to_recordset($2::jsonb) AS n(display_id int, inbox_id int, contact_id int, source_id text, status text,
         assignee_id int, team_id int, custom_attributes jsonb, additional_attributes jsonb, campaign_id int)
  RETURNING *`;

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
    accountId: number,
    displayId: number,
    fields: NewConversation,
  ): Promise<{ conversation: ConversationRow; snapshot: ConversationSnapshot }> {
    const [inserted] = await this.insertMany(tx, emit, accountId, [{ displayId, fields }]);
    return inserted;
  }

  /** `insert` for several conversations: their rows, snapshots and events written a statement each, not one per conversation. */
  async insertMany(
    tx: EntityManager,
    emit: Emit,
    accountId: number,
    items: Array<{ displayId: number; fields: NewConversation }>,
  ): Promise<Array<{ conversation: ConversationRow; snapshot: ConversationSnapshot }>> {
    const rows: ConversationRow[] = await tx.query(INSERT_CONVERSATIONS, [
      accountId,
      JSON.stringify(items.map(({ displayId, fields }) => ({ ...fields, display_id: displayId }))),
    ]);
    // RETURNING's order is not promised: the items' order is.
    const byDisplayId = new Map(rows.map((row) => [row.display_id, row]));
    const conversations = items.map(({ displayId }) => byDisplayId.get(displayId)!);
    const snapshots = await this.loader.snapshots(
      conversations.map((conversation) => conversation.id),
      tx,
    );
    await emit.many(
      ConversationEvents.created,
      accountId,
      snapshots.map((snapshot) => ({ conversation: snapshot })),
    );
    await emit.many(
      ConversationEvents.opened,
      accountId,
      snapshots.filter((snapshot) => snapshot.status === 'open').map((snapshot) => ({ conversation: snapshot })),
    );
    return conversations.map((conversation, index) => ({ conversation, snapshot: snapshots[index] }));
  }
}
