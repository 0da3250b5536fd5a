import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface ConversationVersion {
  accountId: number;
  displayId: number;
  inboxId: number | null;
  version: Date;
}

export interface AgentVersion {
  accountId: number;
  userId: number;
  availability: string;
  version: Date;
}

/**
 * The one way rows of the view are written, by events and by answers asked of messaging alike:
 * a row changes only for a version at least as new as the one it holds, and never once it is a
 * tombstone.
 */
@Injectable()
export class MessagingViewWriter {
  async upsertConversations(tx: EntityManager, rows: ConversationVersion[], deleted: boolean): Promise<void> {
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO kanban.conversations_view (account_id, display_id, inbox_id, deleted, source_updated_at)
       SELECT c.account_id, c.display_id, c.inbox_id, $4, c.version FROM unnest($1::int[], $2::int[], $3::int[], $5::timestamptz[]) AS c(account_id, display_id, inbox_id, version)
       ON CONFLICT (account_id, display_id) DO UPDATE SET inbox_id = EXCLUDED.inbox_id, deleted = EXCLUDED.deleted, source_updated_at = EXCLUDED.source_updated_at
       WHERE conversations_view.source_updated_at <= EXCLUDED.source_updated_at AND NOT conversations_view.deleted`,
      [rows.map((r) => r.accountId), rows.map((r) => r.displayId), rows.map((r) => r.inboxId), deleted, rows.map((r) => r.version)],
    );
  }

  async upsertAgents(tx: EntityManager, rows: AgentVersion[], deleted: boolean): Promise<void> {
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO kanban.agents_view (account_id, user_id, availability_status, deleted, source_updated_at)
       SELECT a.account_id, a.user_id, a.availability, $4, a.version FROM unnest($1::int[], $2::int[], $3::text[], $5::timestamptz[]) AS a(account_id, user_id, availability, version)
       ON CONFLICT (account_id, user_id) DO UPDATE SET availability_status = EXCLUDED.availability_status, deleted = EXCLUDED.deleted, source_updated_at = EXCLUDED.source_updated_at
       WHERE agents_view.source_updated_at <= EXCLUDED.source_updated_at AND NOT agents_view.deleted`,
      [rows.map((r) => r.accountId), rows.map((r) => r.userId), rows.map((r) => r.availability), deleted, rows.map((r) => r.version)],
    );
  }

  /** Forgets a deleted account's conversations and agents. */
  async forgetAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM kanban.conversations_view WHERE account_id = $1', [accountId]);
    await tx.query('DELETE FROM kanban.agents_view WHERE account_id = $1', [accountId]);
  }
}
