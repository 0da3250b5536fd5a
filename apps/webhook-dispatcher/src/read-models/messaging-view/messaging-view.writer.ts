import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * The one way names are written, by events and by answers asked of messaging alike: each row
 * remembers when its source happened, so an older one arriving late changes nothing.
 */
@Injectable()
export class MessagingViewWriter {
  async recordAccount(on: EntityManager, account: { id: number; name: string }, at: Date): Promise<void> {
    await on.query(
      `INSERT INTO webhook_dispatcher.accounts_view AS v (id, name, source_at) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, source_at = EXCLUDED.source_at WHERE v.source_at <= EXCLUDED.source_at`,
      [account.id, account.name, at],
    );
  }

  async recordInbox(on: EntityManager, inbox: { id: number; account_id: number; name: string }, at: Date): Promise<void> {
    await on.query(
      `INSERT INTO webhook_dispatcher.inboxes_view AS v (id, account_id, name, source_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, source_at = EXCLUDED.source_at WHERE v.source_at <= EXCLUDED.source_at`,
      [inbox.id, inbox.account_id, inbox.name, at],
    );
  }

  /** Forgets a deleted account's name and its inboxes' names. */
  async forgetAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM webhook_dispatcher.inboxes_view WHERE account_id = $1', [accountId]);
    await tx.query('DELETE FROM webhook_dispatcher.accounts_view WHERE id = $1', [accountId]);
  }
}
