import { Injectable } from '@nestjs/common';
import { CustomAttributeEvents, InboxEvents, type CustomAttributeDefinition, type EventEnvelope, type EventMap, type InboxSnapshot } from '@parley/contracts';
import { OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';

type Event<T extends keyof EventMap> = EventEnvelope<EventMap[T]>;

/**
 * Keeps contacts' own copies of what it needs from messaging: inboxes (for inbox links) and
 * custom attribute definitions (to validate contact attributes). Older events never overwrite
 * newer ones; deletions leave tombstones so a late update cannot resurrect a row.
 */
@Injectable()
export class WorkspaceViewConsumer {
  @OnEvent(InboxEvents.created, { purpose: 'inboxes_view_created' })
  async inboxCreated(event: Event<typeof InboxEvents.created>, tx: EntityManager): Promise<void> {
    await this.upsertInbox(tx, event.data.inbox, event.occurred_at, false);
  }

  @OnEvent(InboxEvents.updated, { purpose: 'inboxes_view_updated' })
  async inboxUpdated(event: Event<typeof InboxEvents.updated>, tx: EntityManager): Promise<void> {
    await this.upsertInbox(tx, event.data.inbox, event.occurred_at, false);
  }

  @OnEvent(InboxEvents.deleted, { purpose: 'inboxes_view_deleted' })
  async inboxDeleted(event: Event<typeof InboxEvents.deleted>, tx: EntityManager): Promise<void> {
    await this.upsertInbox(tx, event.data.inbox, event.occurred_at, true);
    await tx.query('DELETE FROM contacts.contact_inboxes WHERE inbox_id = $1', [event.data.inbox.id]);
  }

  @OnEvent(CustomAttributeEvents.created, { purpose: 'definitions_view_created' })
  async definitionCreated(event: Event<typeof CustomAttributeEvents.created>, tx: EntityManager): Promise<void> {
    await this.upsertDefinition(tx, event.data.definition, event.occurred_at, false);
  }

  @OnEvent(CustomAttributeEvents.updated, { purpose: 'definitions_view_updated' })
  async definitionUpdated(event: Event<typeof CustomAttributeEvents.updated>, tx: EntityManager): Promise<void> {
    await this.upsertDefinition(tx, event.data.definition, event.occurred_at, false);
  }

  @OnEvent(CustomAttributeEvents.deleted, { purpose: 'definitions_view_deleted' })
  async definitionDeleted(event: Event<typeof CustomAttributeEvents.deleted>, tx: EntityManager): Promise<void> {
    await this.upsertDefinition(tx, event.data.definition, event.occurred_at, true);
  }

  private async upsertInbox(tx: EntityManager, inbox: InboxSnapshot, version: string, deleted: boolean): Promise<void> {
    await tx.query(
      `INSERT INTO contacts.inboxes_view (id, account_id, name, channel_type, deleted, source_updated_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, channel_type = EXCLUDED.channel_type, deleted = EXCLUDED.deleted,
         source_updated_at = EXCLUDED.source_updated_at
       WHERE inboxes_view.source_updated_at <= EXCLUDED.source_updated_at AND NOT inboxes_view.deleted`,
      [inbox.id, inbox.account_id, inbox.name, inbox.channel_type, deleted, version],
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
