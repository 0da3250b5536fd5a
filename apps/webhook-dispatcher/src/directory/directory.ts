import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AccountRef } from '../fan-out/account-payload';
import type { InboxRef } from '../fan-out/inbox-callback-payload';

/**
 * Names of accounts and inboxes as payloads show them, kept from messaging's events. Each row
 * remembers when its source event happened, so an older event arriving late changes nothing.
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

  /** Falls back to the id as the name while the account's event has not arrived. */
  async account(tx: EntityManager, id: number): Promise<AccountRef> {
    const [row]: Array<{ name: string }> = await tx.query('SELECT name FROM webhook_dispatcher.accounts_view WHERE id = $1', [id]);
    return { id, name: row?.name ?? String(id) };
  }

  async inbox(tx: EntityManager, id: number): Promise<InboxRef> {
    const [row]: Array<{ name: string }> = await tx.query('SELECT name FROM webhook_dispatcher.inboxes_view WHERE id = $1', [id]);
    return { id, name: row?.name ?? null };
  }
}
