import { Injectable } from '@nestjs/common';
import { IdentityEvents, InboxEvents, type EventEnvelope, type EventMap } from '@parley/contracts';
import { OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { CallbackTargets } from '../deliveries/callback-targets';
import { Directory } from './directory';

type Event<T extends keyof EventMap> = EventEnvelope<EventMap[T]>;

/** Names only: a deleted account's or inbox's name does no harm and its events stop anyway. */
@Injectable()
export class DirectoryConsumer {
  constructor(
    private readonly directory: Directory,
    private readonly callbacks: CallbackTargets,
  ) {}

  @OnEvent(IdentityEvents.accountCreated)
  async onAccountCreated(event: Event<typeof IdentityEvents.accountCreated>, tx: EntityManager): Promise<void> {
    await this.directory.recordAccount(tx, event.data, new Date(event.occurred_at));
  }

  @OnEvent(IdentityEvents.accountUpdated)
  async onAccountUpdated(event: Event<typeof IdentityEvents.accountUpdated>, tx: EntityManager): Promise<void> {
    await this.directory.recordAccount(tx, event.data, new Date(event.occurred_at));
  }

  @OnEvent(InboxEvents.created)
  async onInboxCreated(event: Event<typeof InboxEvents.created>, tx: EntityManager): Promise<void> {
    await this.directory.recordInbox(tx, event.data.inbox, new Date(event.occurred_at));
  }

  @OnEvent(InboxEvents.updated)
  async onInboxUpdated(event: Event<typeof InboxEvents.updated>, tx: EntityManager): Promise<void> {
    await this.directory.recordInbox(tx, event.data.inbox, new Date(event.occurred_at));
    // Its callback URL or secret may have changed: this replica asks messaging again.
    this.callbacks.forget(event.data.inbox.id);
  }
}
