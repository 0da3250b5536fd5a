import { Injectable } from '@nestjs/common';
import { CustomAttributeEvents, InboxEvents, type CustomAttributeDefinition, type EventOf, type InboxSnapshot } from '@parley/contracts';
import { OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';

/**
 * Keeps contacts' own copies of what it needs from messaging: inboxes (for inbox links, shown
 * whole as the event carried them) and
 * custom attribute definitions (to validate contact attributes). Older events never overwrite
 * newer ones; deletions leave tombstones so a late update cannot resurrect a row. What a
 * deletion does to contacts' own records is in cascades/.
 */
@Injectable()
export class MessagingViewConsumer {
  @OnEvent(InboxEvents.created, { purpose: 'inboxes_view_created' })
  async inboxCreated(event: EventOf<typeof InboxEvents.created>, tx: EntityManager): Promise<void> {
    await this.upsertInbox(tx, event.data.inbox, event.occurred_at, false);
  }

  @OnEvent(InboxEvents.updated, { purpose: 'inboxes_view_updated' })
  async inboxUpdated(event: EventOf<typeof InboxEvents.updated>, tx: EntityManager): Promise<void> {
    await this.upsertInbox(tx, event.data.inbox, event.occurred_at, false);
  }

  @OnEvent(InboxEvents.deleted, { purpose: 'inboxes_view_deleted' })
  async inboxDeleted(event: EventOf<typeof InboxEvents.deleted>, tx: EntityManager): Promise<void> {
    await this.upsertInbox(tx, event.data.inbox, event.occurred_at, true);
  }

  @OnEvent(CustomAttributeEvents.created, { purpose: 'definitions_view_created' })
  async definitionCreated(event: EventOf<typeof CustomAttributeEvents.created>, tx: EntityManager): Promise<void> {
    await this.upsertDefinition(tx, event.data.definition, event.occurred_at, false);
  }

  @OnEvent(CustomAttributeEvents.updated, { purpose: 'definitions_view_updated' })
  async definitionUpdated(event: EventOf<typeof CustomAttributeEvents.updated>, tx: EntityManager): Promise<void> {
    await this.upsertDefinition(tx, event.data.definition, event.occurred_at, false);
  }

  @OnEvent(CustomAttributeEvents.deleted, { purpose: 'definitions_view_deleted' })
  async definitionDeleted(event: EventOf<typeof CustomAttributeEvents.deleted>, tx: EntityManager): Promise<void> {
    await this.upsertDefinition(tx, event.data.definition, event.occurred_at, true);
  }

  private async upsertInbox(tx: EntityManager, inbox: InboxSnapshot, version: string, deleted: boolean): Promise<void> {
    await tx.query(
      `INSERT INTO contacts.inboxes_view (id, account_id, name, channel_type, snapshot, deleted, source_updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, channel_type = EXCLUDED.channel_type, snapshot = EXCLUDED.snapshot,
         deleted = EXCLUDED.deleted, source_updated_at = EXCLUDED.source_updated_at
       WHERE inboxes_view.source_updated_at <= EXCLUDED.source_updated_at AND NOT inboxes_view.deleted`,
      [inbox.id, inbox.account_id, inbox.name, inbox.channel_type, JSON.stringify(inbox), deleted, version],
    );
  }

  private async upsertDefinition(tx: EntityManager, definition: CustomAttributeDefinition, version: string, deleted: boolean): Promise<void> {
    await tx.query(
      `INSERT INTO contacts.attribute_definitions_view (id, account_id, definition, deleted, source_updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET definition = EXCLUDED.definition, deleted = EXCLUDED.deleted, source_updated_at = EXCLUDED.source_updated_at
       WHERE attribute_definitions_view.source_updated_at <= EXCLUDED.source_updated_at AND NOT attribute_definitions_view.deleted`,
      [definition.id, definition.account_id, JSON.stringify(definition), deleted, version],
    );
  }
}
