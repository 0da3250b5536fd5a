import { Injectable } from '@nestjs/common';
import { IdentityEvents, InboxEvents, type EventOf } from '@parley/contracts';
import { OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { CallbackTargets } from './callback-targets.loader';

/**
 * Keeps the names of accounts and inboxes as payloads show them, from messaging's events. Each
 * row remembers when its source event happened, so an older event arriving late changes
 * nothing. Names only: a deleted account's or inbox's name does no harm and its events stop anyway.
 */
@Injectable()
export class MessagingViewConsumer {
  constructor(private readonly callbacks: CallbackTargets) {}

  @OnEvent(IdentityEvents.accountCreated)
  async onAccountCreated(event: EventOf<typeof IdentityEvents.accountCreated>, tx: EntityManager): Promise<void> {
    await this.recordAccount(tx, event.data, new Date(event.occurred_at));
  }

  @OnEvent(IdentityEvents.accountUpdated)
  async onAccountUpdated(event: EventOf<typeof IdentityEvents.accountUpdated>, tx: EntityManager): Promise<void> {
    await this.recordAccount(tx, event.data, new Date(event.occurred_at));
  }

  @OnEvent(InboxEvents.created)
  async onInboxCreated(event: EventOf<typeof InboxEvents.created>, tx: EntityManager): Promise<void> {
    await this.recordInbox(tx, event.data.inbox, new Date(event.occurred_at));
  }

  @OnEvent(InboxEvents.updated)
  async onInboxUpdated(event: EventOf<typeof InboxEvents.updated>, tx: EntityManager): Promise<void> {
    await this.recordInbox(tx, event.data.inbox, new Date(event.occurred_at));
    // Its callback URL or secret may have changed: this replica asks messaging again.
    this.callbacks.forget(event.data.inbox.id);
  }

  private async recordAccount(tx: EntityManager, account: { id: number; name: string }, at: Date): Promise<void> {
    await tx.query(
      `INSERT INTO webhook_dispatcher.accounts_view AS v (id, name, source_at) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, source_at = EXCLUDED.source_at WHERE v.source_at <= EXCLUDED.source_at`,
      [account.id, account.name, at],
    );
  }

  private async recordInbox(tx: EntityManager, inbox: { id: number; account_id: number; name: string }, at: Date): Promise<void> {
    await tx.query(
      `INSERT INTO webhook_dispatcher.inboxes_view AS v (id, account_id, name, source_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, source_at = EXCLUDED.source_at WHERE v.source_at <= EXCLUDED.source_at`,
      [inbox.id, inbox.account_id, inbox.name, at],
    );
  }
}
