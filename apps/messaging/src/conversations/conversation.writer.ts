import { Injectable } from '@nestjs/common';
import { ConversationErrors, type ConversationSnapshot } from '@parley/contracts';
import { selectOneOrFail } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { ConversationLoader } from './conversation.loader';
import type { ConversationRow } from './persistence/conversation.row';

/** The aggregate's row as the use-case folders handle it (they never import persistence/). */
export type { ConversationRow } from './persistence/conversation.row';

/**
 * Locks and writes of conversations for the use-case folders and cascades/: the caller decides
 * the change and its events (through ConversationChangesService), this knows the tables.
 */
@Injectable()
export class ConversationWriter {
  constructor(private readonly loader: ConversationLoader) {}

  /** The account's conversations carrying the label, locked for a change. */
  lockWithLabel(tx: EntityManager, accountId: number, title: string): Promise<ConversationRow[]> {
    return this.lock(tx, accountId, '$2 = ANY(c.labels)', [title]);
  }

  /** The account's conversations holding a value for the attribute key, locked for a change. */
  lockWithAttribute(tx: EntityManager, accountId: number, key: string): Promise<ConversationRow[]> {
    return this.lock(tx, accountId, 'c.custom_attributes ? $2', [key]);
  }

  /** The account's conversations assigned to the user, locked for a change. */
  lockAssignedTo(tx: EntityManager, accountId: number, userId: number): Promise<ConversationRow[]> {
    return this.lock(tx, accountId, 'c.assignee_id = $2', [userId]);
  }

  /** The conversation, locked for a change. */
  lockById(tx: EntityManager, id: number): Promise<ConversationRow> {
    return selectOneOrFail<ConversationRow>(
      tx,
      'SELECT * FROM messaging.conversations WHERE id = $1 FOR UPDATE',
      [id],
      'Conversation',
      ConversationErrors.notFound,
    );
  }

  /** The newest conversation of a contact inbox (the contact's id at the provider), locked; null when it has none. */
  async lockLatestOfContactInbox(
    tx: EntityManager,
    inboxId: number,
    sourceId: string,
  ): Promise<ConversationRow | null> {
    const [latest]: ConversationRow[] = await tx.query(
      `SELECT * FROM messaging.conversations WHERE inbox_id = $1 AND source_id = $2 ORDER BY id DESC LIMIT 1 FOR UPDATE`,
      [inboxId, sourceId],
    );
    return latest ?? null;
  }

  /** The inbox's oldest open, unassigned conversation not locked by another transaction, locked. */
  async lockOldestWaiting(tx: EntityManager, inboxId: number): Promise<ConversationRow | null> {
    const [waiting]: ConversationRow[] = await tx.query(
      `SELECT * FROM messaging.conversations
        WHERE inbox_id = $1 AND status = 'open' AND assignee_id IS NULL
        ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [inboxId],
    );
    return waiting ?? null;
  }

  /** Up to `limit` snoozed conversations whose time has come, not locked by another transaction, locked. */
  lockDueSnoozes(tx: EntityManager, limit: number): Promise<ConversationRow[]> {
    return tx.query(
      `SELECT * FROM messaging.conversations WHERE status = 'snoozed' AND snoozed_until <= now()
        ORDER BY snoozed_until LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  /**
   * Claims a caller's command key in the transaction: false when it was claimed before (a retry
   * changes nothing). Retries come within minutes (redeliveries); a week of keys is plenty.
   */
  async claimKey(tx: EntityManager, key: string): Promise<boolean> {
    await tx.query(`DELETE FROM messaging.command_keys WHERE created_at < now() - interval '7 days'`);
    return (await this.claimKeys(tx, [key])).size > 0;
  }

  /** The keys of `keys` claimed now, in key order, so two commands sharing keys wait on each other instead of deadlocking. */
  async claimKeys(tx: EntityManager, keys: string[]): Promise<Set<string>> {
    const rows: Array<{ key: string }> = await tx.query(
      'INSERT INTO messaging.command_keys (key) SELECT key FROM unnest($1::text[]) AS key ORDER BY key ON CONFLICT DO NOTHING RETURNING key',
      [[...keys].sort()],
    );
    return new Set(rows.map((row) => row.key));
  }

  /** Deletes the contact's conversations (their messages go with them); answers them as they were. */
  async deleteOfContact(tx: EntityManager, accountId: number, contactId: number): Promise<ConversationSnapshot[]> {
    const rows: Array<{ id: number }> = await tx.query(
      'SELECT id FROM messaging.conversations WHERE account_id = $1 AND contact_id = $2 FOR UPDATE',
      [accountId, contactId],
    );
    const snapshots = await this.loader.snapshots(
      rows.map((row) => row.id),
      tx,
    );
    await tx.query('DELETE FROM messaging.conversations WHERE id = ANY($1::int[])', [rows.map((row) => row.id)]);
    return snapshots;
  }

  /** The conversations and messages of one contact now belong to another (a merge). */
  /** Answers the ids of the conversations moved. */
  async moveToContact(
    tx: EntityManager,
    accountId: number,
    fromContactId: number,
    toContactId: number,
  ): Promise<number[]> {
    const [moved] = (await tx.query(
      `UPDATE messaging.conversations SET contact_id = $1, updated_at = now() WHERE account_id = $2 AND contact_id = $3
       RETURNING id`,
      [toContactId, accountId, fromContactId],
    )) as [Array<{ id: number }>, number];
    await tx.query(
      `UPDATE messaging.messages SET sender_id = $1 WHERE account_id = $2 AND sender_type = 'contact' AND sender_id = $3`,
      [toContactId, accountId, fromContactId],
    );
    return moved.map((conversation) => conversation.id);
  }

  private async lock(
    tx: EntityManager,
    accountId: number,
    condition: string,
    params: unknown[],
  ): Promise<ConversationRow[]> {
    return tx.query(
      `SELECT c.* FROM messaging.conversations c WHERE c.account_id = $1 AND ${condition} ORDER BY c.id FOR UPDATE`,
      [accountId, ...params],
    );
  }

  /** A deleted account's conversation counts (its conversations' deletion appended their -1 rows). */
  async forgetCountsOfAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM messaging.conversation_counts WHERE account_id = $1', [accountId]);
  }
}
