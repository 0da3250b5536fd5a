import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ConversationRow } from './persistence/conversation.row';

/**
 * Whose conversations a contact of the public client API reaches: those of its link to the
 * inbox (inbox, contact and source id), or all of the contact's when it proved its identifier.
 */
export interface ContactReach {
  accountId: number;
  contactId: number;
  inboxId: number;
  sourceId: string;
  verified: boolean;
}

/** A conversation row as `SELECT *` returns it, with the uuid a public conversation shows. */
export type ReachedConversation = ConversationRow & { uuid: string };

function reachCondition(reach: ContactReach): { sql: string; params: unknown[] } {
  return reach.verified
    ? { sql: 'account_id = $1 AND contact_id = $2', params: [reach.accountId, reach.contactId] }
    : {
        sql: 'account_id = $1 AND contact_id = $2 AND inbox_id = $3 AND source_id = $4',
        params: [reach.accountId, reach.contactId, reach.inboxId, reach.sourceId],
      };
}

/** Conversations as a contact (its widget or bridge) reaches them, and the contact's read mark. */
@Injectable()
export class ContactConversationsLoader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The ids (and uuids) of the contact's conversations it may see, oldest first. */
  async ids(reach: ContactReach): Promise<Array<{ id: number; uuid: string }>> {
    const { sql, params } = reachCondition(reach);
    return this.dataSource.query(`SELECT id, uuid FROM messaging.conversations WHERE ${sql} ORDER BY id`, params);
  }

  /** The conversation with this number, if the contact may see it; locked until the end of `tx` when given one. */
  async find(reach: ContactReach, displayId: number, tx?: EntityManager): Promise<ReachedConversation | null> {
    const { sql, params } = reachCondition(reach);
    const [row]: ReachedConversation[] = await (tx ?? this.dataSource).query(
      `SELECT * FROM messaging.conversations WHERE ${sql} AND display_id = $${params.length + 1}${tx ? ' FOR UPDATE' : ''}`,
      [...params, displayId],
    );
    return row ?? null;
  }

  /** The contact has read the conversation: its mark, and every outgoing message of it is read. */
  async markSeenByContact(tx: EntityManager, conversationId: number): Promise<void> {
    await tx.query(
      'UPDATE messaging.conversations SET contact_last_seen_at = now(), updated_at = now() WHERE id = $1',
      [conversationId],
    );
    await tx.query(
      `UPDATE messaging.messages SET status = 'read', updated_at = now()
        WHERE conversation_id = $1 AND message_type IN ('outgoing', 'template') AND status IN ('sent', 'delivered')`,
      [conversationId],
    );
  }
}
