import { Injectable } from '@nestjs/common';
import type { ConversationSnapshot } from '@parley/contracts';
import { In, type EntityManager } from 'typeorm';
import { ConversationLoader } from './conversation.loader';
import { ConversationEntity } from './persistence/conversation.orm-entity';

/**
 * Writes of many conversations at once, for what happens elsewhere (cascades/): the caller
 * decides the change and its events, this knows the tables.
 */
@Injectable()
export class ConversationWriter {
  constructor(private readonly loader: ConversationLoader) {}

  /** The account's conversations carrying the label, locked for a change. */
  lockWithLabel(tx: EntityManager, accountId: number, title: string): Promise<ConversationEntity[]> {
    return this.lock(tx, accountId, '$2 = ANY(c.labels)', [title]);
  }

  /** The account's conversations holding a value for the attribute key, locked for a change. */
  lockWithAttribute(tx: EntityManager, accountId: number, key: string): Promise<ConversationEntity[]> {
    return this.lock(tx, accountId, 'c.custom_attributes ? $2', [key]);
  }

  /** The account's conversations assigned to the user, locked for a change. */
  lockAssignedTo(tx: EntityManager, accountId: number, userId: number): Promise<ConversationEntity[]> {
    return this.lock(tx, accountId, 'c.assignee_id = $2', [userId]);
  }

  /** Deletes the contact's conversations (their messages go with them); answers them as they were. */
  async deleteOfContact(tx: EntityManager, accountId: number, contactId: number): Promise<ConversationSnapshot[]> {
    const rows: Array<{ id: number }> = await tx.query('SELECT id FROM messaging.conversations WHERE account_id = $1 AND contact_id = $2 FOR UPDATE', [
      accountId,
      contactId,
    ]);
    const snapshots = await this.loader.snapshots(rows.map((row) => row.id), tx);
    await tx.query('DELETE FROM messaging.conversations WHERE id = ANY($1::int[])', [rows.map((row) => row.id)]);
    return snapshots;
  }

  /** The conversations and messages of one contact now belong to another (a merge). */
  async moveToContact(tx: EntityManager, accountId: number, fromContactId: number, toContactId: number): Promise<void> {
    await tx.query(`UPDATE messaging.conversations SET contact_id = $1, updated_at = now() WHERE account_id = $2 AND contact_id = $3`, [
      toContactId,
      accountId,
      fromContactId,
    ]);
    await tx.query(`UPDATE messaging.messages SET sender_id = $1 WHERE account_id = $2 AND sender_type = 'contact' AND sender_id = $3`, [
      toContactId,
      accountId,
      fromContactId,
    ]);
  }

  private async lock(tx: EntityManager, accountId: number, condition: string, params: unknown[]): Promise<ConversationEntity[]> {
    const rows: Array<{ id: number }> = await tx.query(`SELECT c.id FROM messaging.conversations c WHERE c.account_id = $1 AND ${condition} ORDER BY c.id FOR UPDATE`, [
      accountId,
      ...params,
    ]);
    if (rows.length === 0) return [];
    return tx.find(ConversationEntity, { where: { id: In(rows.map((row) => row.id)) }, order: { id: 'ASC' } });
  }

  /** A deleted account's conversation counts (its conversations' deletion appended their -1 rows). */
  async forgetCountsOfAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM messaging.conversation_counts WHERE account_id = $1', [accountId]);
  }
}
