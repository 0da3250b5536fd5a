import { Injectable } from '@nestjs/common';
import { CustomAttributeEvents, LabelEvents, MessageEvents, type EventEnvelope, type EventMap } from '@parley/contracts';
import { OnEvent, OnEvents, type Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { toContact } from '../contacts/contact.mapper';
import { ContactsService } from '../contacts/contacts.service';
import { ContactEntity } from '../contacts/persistence/contact.orm-entity';

type Event<T extends keyof EventMap> = EventEnvelope<EventMap[T]>;

/** What workspace changes and conversation activity do to contacts. */
@Injectable()
export class ContactCascades {
  constructor(private readonly contacts: ContactsService) {}

  @OnEvent(LabelEvents.deleted, { purpose: 'contact_labels_on_delete' })
  async onLabelDeleted(event: Event<typeof LabelEvents.deleted>, tx: EntityManager): Promise<void> {
    await tx.query(
      `UPDATE contacts.contacts SET labels = array_remove(labels, $2), updated_at = now() WHERE account_id = $1 AND $2 = ANY(labels)`,
      [event.account_id, event.data.label.title],
    );
  }

  @OnEvent(LabelEvents.updated, { purpose: 'contact_labels_on_rename' })
  async onLabelRenamed(event: Event<typeof LabelEvents.updated>, tx: EntityManager): Promise<void> {
    const rename = event.data.changed_attributes.find((change) => 'title' in change)?.title;
    if (!rename) return;
    await tx.query(
      `UPDATE contacts.contacts
          SET labels = ARRAY(SELECT DISTINCT unnest(array_replace(labels, $2, $3)) ORDER BY 1), updated_at = now()
        WHERE account_id = $1 AND $2 = ANY(labels)`,
      [event.account_id, String(rename.previous_value), String(rename.current_value)],
    );
  }

  /** Erases the stored values of a deleted contact attribute definition (with `contact.updated` for each). */
  @OnEvent(CustomAttributeEvents.deleted, { purpose: 'contact_attributes_on_delete' })
  async onDefinitionDeleted(event: Event<typeof CustomAttributeEvents.deleted>, tx: EntityManager, emit: Emit): Promise<void> {
    const { definition } = event.data;
    if (definition.attribute_model !== 'contact_attribute') return;
    await this.rewriteAttributes(tx, emit, event.account_id!, definition.attribute_key, (attributes) => {
      const { [definition.attribute_key]: _removed, ...rest } = attributes;
      return rest;
    });
  }

  @OnEvent(CustomAttributeEvents.updated, { purpose: 'contact_attributes_on_rename' })
  async onDefinitionRenamed(event: Event<typeof CustomAttributeEvents.updated>, tx: EntityManager, emit: Emit): Promise<void> {
    const { definition, previous_key } = event.data;
    if (definition.attribute_model !== 'contact_attribute' || previous_key === definition.attribute_key) return;
    await this.rewriteAttributes(tx, emit, event.account_id!, previous_key, (attributes) => {
      const { [previous_key]: value, ...rest } = attributes;
      return { ...rest, [definition.attribute_key]: value };
    });
  }

  /** A message in one of the contact's conversations is activity of the contact (the newest message of a batch counts). */
  @OnEvents(MessageEvents.created, { purpose: 'contact_last_activity', when: (event) => (event as Event<typeof MessageEvents.created>).data.message.message_type !== 'activity' })
  async onMessages(events: Array<Event<typeof MessageEvents.created>>, tx: EntityManager): Promise<void> {
    await tx.query(
      `UPDATE contacts.contacts c SET last_activity_at = m.at
         FROM (SELECT id, account_id, max(at) AS at FROM unnest($1::int[], $2::int[], $3::timestamptz[]) AS e(id, account_id, at) GROUP BY id, account_id) m
        WHERE c.id = m.id AND c.account_id = m.account_id AND (c.last_activity_at IS NULL OR c.last_activity_at < m.at)`,
      [events.map((event) => event.data.conversation.contact_id), events.map((event) => event.account_id), events.map((event) => event.occurred_at)],
    );
  }

  private async rewriteAttributes(
    tx: EntityManager,
    emit: Emit,
    accountId: number,
    key: string,
    rewrite: (attributes: Record<string, unknown>) => Record<string, unknown>,
  ): Promise<void> {
    const rows: Array<{ id: number }> = await tx.query(
      'SELECT id FROM contacts.contacts WHERE account_id = $1 AND custom_attributes ? $2 ORDER BY id FOR UPDATE',
      [accountId, key],
    );
    for (const { id } of rows) {
      const entity = await tx.findOneByOrFail(ContactEntity, { id });
      const before = toContact(entity);
      entity.customAttributes = rewrite(entity.customAttributes);
      await this.contacts.saveChanges(tx, emit, entity, before);
    }
  }
}
