import { Injectable } from '@nestjs/common';
import { CustomAttributeEvents, InboxEvents, type EventOf } from '@parley/contracts';
import { OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { MessagingViewWriter } from './messaging-view.writer';

/**
 * Keeps contacts' own copies of what it needs from messaging: inboxes (for inbox links, shown
 * whole as the event carried them) and
 * custom attribute definitions (to validate contact attributes). Rows are written through
 * VersionedView: older events never overwrite newer ones, deletions are final tombstones. What a
 * deletion does to contacts' own records is in cascades/.
 */
@Injectable()
export class MessagingViewConsumer {
  constructor(private readonly view: MessagingViewWriter) {}

  @OnEvent(InboxEvents.created, { purpose: 'inboxes_view_created' })
  async inboxCreated(event: EventOf<typeof InboxEvents.created>, tx: EntityManager): Promise<void> {
    await this.view.inboxes.recordOne(tx, event.data.inbox, new Date(event.occurred_at));
  }

  @OnEvent(InboxEvents.updated, { purpose: 'inboxes_view_updated' })
  async inboxUpdated(event: EventOf<typeof InboxEvents.updated>, tx: EntityManager): Promise<void> {
    await this.view.inboxes.recordOne(tx, event.data.inbox, new Date(event.occurred_at));
  }

  @OnEvent(InboxEvents.deleted, { purpose: 'inboxes_view_deleted' })
  async inboxDeleted(event: EventOf<typeof InboxEvents.deleted>, tx: EntityManager): Promise<void> {
    await this.view.inboxes.recordOne(tx, event.data.inbox, new Date(event.occurred_at), true);
  }

  @OnEvent(CustomAttributeEvents.created, { purpose: 'definitions_view_created' })
  async definitionCreated(event: EventOf<typeof CustomAttributeEvents.created>, tx: EntityManager): Promise<void> {
    await this.view.definitions.recordOne(tx, event.data.definition, new Date(event.occurred_at));
  }

  @OnEvent(CustomAttributeEvents.updated, { purpose: 'definitions_view_updated' })
  async definitionUpdated(event: EventOf<typeof CustomAttributeEvents.updated>, tx: EntityManager): Promise<void> {
    await this.view.definitions.recordOne(tx, event.data.definition, new Date(event.occurred_at));
  }

  @OnEvent(CustomAttributeEvents.deleted, { purpose: 'definitions_view_deleted' })
  async definitionDeleted(event: EventOf<typeof CustomAttributeEvents.deleted>, tx: EntityManager): Promise<void> {
    await this.view.definitions.recordOne(tx, event.data.definition, new Date(event.occurred_at), true);
  }
}
