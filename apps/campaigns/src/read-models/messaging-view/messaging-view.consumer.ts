import { Injectable } from '@nestjs/common';
import { InboxEvents, type EventOf } from '@parley/contracts';
import { OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { MessagingViewWriter } from './messaging-view.writer';

/** Keeps the copy of messaging's inboxes (channel, working hours, time zone) from its events. */
@Injectable()
export class MessagingViewConsumer {
  constructor(private readonly view: MessagingViewWriter) {}

  @OnEvent(InboxEvents.created)
  async onCreated(event: EventOf<typeof InboxEvents.created>, tx: EntityManager): Promise<void> {
    await this.view.inboxes.recordOne(tx, event.data.inbox, new Date(event.occurred_at));
  }

  @OnEvent(InboxEvents.updated)
  async onUpdated(event: EventOf<typeof InboxEvents.updated>, tx: EntityManager): Promise<void> {
    await this.view.inboxes.recordOne(tx, event.data.inbox, new Date(event.occurred_at));
  }

  @OnEvent(InboxEvents.deleted)
  async onDeleted(event: EventOf<typeof InboxEvents.deleted>, tx: EntityManager): Promise<void> {
    await this.view.inboxes.recordOne(tx, event.data.inbox, new Date(event.occurred_at), true);
  }
}
