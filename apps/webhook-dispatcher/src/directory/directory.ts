import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * Names of accounts and inboxes as payloads show them, kept from messaging's events (fan-out
 * reads them with the subscribed webhooks, see recipientsOf). Each row remembers when its source
 * event happened, so an older event arriving late changes nothing.
 */
@Injectable()
export class Directory {
  async recordAccount(tx: EntityManager, account: { id: number; name: string }, at: Date): Promise<void> {
    await tx.query(
      `INSERT INTO webhook_dispatcher.accounts_view AS v (id, name, source_at) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, source_at = EXCLUDED.source_at WHERE v.source_at <= EXCLUDED.source_at`,
      [account.id, account.name, at],
    );
  }

  async recordInbox(tx: EntityManager, inbox: { id: number; account_id: number; name: string }, at: Date): Promise<void> {
    await tx.query(
      `INSERT INTO webhook_dispatcher.inboxes_view AS v (id, account_id, name, source_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, source_at = EXCLUDED.source_at WHERE v.source_at <= EXCLUDED.source_at`,
      [inbox.id, inbox.account_id, inbox.name, at],
    );
  }
}
