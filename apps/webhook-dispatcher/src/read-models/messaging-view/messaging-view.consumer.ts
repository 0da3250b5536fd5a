import { Injectable } from '@nestjs/common';
import { IdentityEvents, InboxEvents, type EventOf } from '@parley/contracts';
import { OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { CallbackTargetsLoader } from './callback-targets.loader';
import { MessagingViewWriter } from './messaging-view.writer';

/**
 * Keeps the names of accounts and inboxes as payloads show them, from messaging's events (a
 * name not there yet is asked for: see MessagingNamesLoader). A deleted inbox's name stays as a
 * tombstone (events of it still on their way show it); a deleted account's names go with it (cascades/).
 */
@Injectable()
export class MessagingViewConsumer {
  constructor(
    private readonly view: MessagingViewWriter,
    private readonly callbacks: CallbackTargetsLoader,
  ) {}

  @OnEvent(IdentityEvents.accountCreated)
  async onAccountCreated(event: EventOf<typeof IdentityEvents.accountCreated>, tx: EntityManager): Promise<void> {
    await this.view.accounts.recordOne(tx, event.data, new Date(event.occurred_at));
  }

  @OnEvent(IdentityEvents.accountUpdated)
  async onAccountUpdated(event: EventOf<typeof IdentityEvents.accountUpdated>, tx: EntityManager): Promise<void> {
    await this.view.accounts.recordOne(tx, event.data, new Date(event.occurred_at));
  }

  @OnEvent(InboxEvents.created)
  async onInboxCreated(event: EventOf<typeof InboxEvents.created>, tx: EntityManager): Promise<void> {
    await this.view.inboxes.recordOne(tx, event.data.inbox, new Date(event.occurred_at));
  }

  @OnEvent(InboxEvents.updated)
  async onInboxUpdated(event: EventOf<typeof InboxEvents.updated>, tx: EntityManager): Promise<void> {
    await this.view.inboxes.recordOne(tx, event.data.inbox, new Date(event.occurred_at));
    // Its callback URL or secret may have changed: this replica asks messaging again.
    this.callbacks.forget(event.data.inbox.account_id, event.data.inbox.id);
  }

  /** A tombstone: the name stays for events still on their way, a late update cannot change it. */
  @OnEvent(InboxEvents.deleted)
  async onInboxDeleted(event: EventOf<typeof InboxEvents.deleted>, tx: EntityManager): Promise<void> {
    await this.view.inboxes.recordOne(tx, event.data.inbox, new Date(event.occurred_at), true);
    this.callbacks.forget(event.data.inbox.account_id, event.data.inbox.id);
  }
}
