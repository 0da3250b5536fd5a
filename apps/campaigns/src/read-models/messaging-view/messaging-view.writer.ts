import { Injectable } from '@nestjs/common';
import type { InboxSnapshot } from '@parley/contracts';
import type { EntityManager } from 'typeorm';

/**
 * The one way rows of the view are written, by events and by answers asked of messaging alike:
 * a row changes only for a version at least as new as the one it holds, and never once it is a
 * tombstone (a late update cannot resurrect a deleted inbox).
 */
@Injectable()
export class MessagingViewWriter {
  async upsertInbox(on: EntityManager, inbox: InboxSnapshot, version: Date, deleted: boolean): Promise<void> {
    await on.query(
      `INSERT INTO campaigns.inboxes_view (id, account_id, channel_type, snapshot, deleted, source_updated_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET channel_type = EXCLUDED.channel_type, snapshot = EXCLUDED.snapshot, deleted = EXCLUDED.deleted,
         source_updated_at = EXCLUDED.source_updated_at
       WHERE inboxes_view.source_updated_at <= EXCLUDED.source_updated_at AND NOT inboxes_view.deleted`,
      [inbox.id, inbox.account_id, inbox.channel_type, JSON.stringify(inbox), deleted, version],
    );
  }

  /** Forgets a deleted account's inboxes. */
  async forgetAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM campaigns.inboxes_view WHERE account_id = $1', [accountId]);
  }
}
