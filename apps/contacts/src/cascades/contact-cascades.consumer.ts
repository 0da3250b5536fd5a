import { Injectable } from '@nestjs/common';
import { CustomAttributeEvents, InboxEvents, LabelEvents, type EventOf } from '@parley/contracts';
import { OnEvent, type Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { ContactReferencesWriter } from '../contacts/contact-references.writer';

/** What deleting or renaming messaging's labels, attribute definitions and inboxes does to contacts. */
@Injectable()
export class ContactCascadesConsumer {
  constructor(private readonly references: ContactReferencesWriter) {}

  @OnEvent(LabelEvents.deleted, { purpose: 'contact_labels_on_delete' })
  async onLabelDeleted(event: EventOf<typeof LabelEvents.deleted>, tx: EntityManager): Promise<void> {
    await this.references.removeLabel(tx, event.account_id!, event.data.label.title);
  }

  @OnEvent(LabelEvents.updated, { purpose: 'contact_labels_on_rename' })
  async onLabelRenamed(event: EventOf<typeof LabelEvents.updated>, tx: EntityManager): Promise<void> {
    const rename = event.data.changed_attributes.find((change) => 'title' in change)?.title;
    if (!rename) return;
    await this.references.renameLabel(
      tx,
      event.account_id!,
      String(rename.previous_value),
      String(rename.current_value),
    );
  }

  /** Erases the stored values of a deleted contact attribute definition (with `contact.updated` for each). */
  @OnEvent(CustomAttributeEvents.deleted, { purpose: 'contact_attributes_on_delete' })
  async onDefinitionDeleted(
    event: EventOf<typeof CustomAttributeEvents.deleted>,
    tx: EntityManager,
    emit: Emit,
  ): Promise<void> {
    const { definition } = event.data;
    if (definition.attribute_model !== 'contact_attribute') return;
    await this.references.rewriteCustomAttributes(
      tx,
      emit,
      event.account_id!,
      definition.attribute_key,
      (attributes) => {
        const { [definition.attribute_key]: _removed, ...rest } = attributes;
        return rest;
      },
    );
  }

  @OnEvent(CustomAttributeEvents.updated, { purpose: 'contact_attributes_on_rename' })
  async onDefinitionRenamed(
    event: EventOf<typeof CustomAttributeEvents.updated>,
    tx: EntityManager,
    emit: Emit,
  ): Promise<void> {
    const { definition, previous_key } = event.data;
    if (definition.attribute_model !== 'contact_attribute' || previous_key === definition.attribute_key) return;
    await this.references.rewriteCustomAttributes(tx, emit, event.account_id!, previous_key, (attributes) => {
      const { [previous_key]: value, ...rest } = attributes;
      return { ...rest, [definition.attribute_key]: value };
    });
  }

  /** Links to a deleted inbox go (read-models/ keeps its tombstone, so they were already hidden). */
  @OnEvent(InboxEvents.deleted, { purpose: 'contact_inboxes_on_inbox_delete' })
  async onInboxDeleted(event: EventOf<typeof InboxEvents.deleted>, tx: EntityManager): Promise<void> {
    await this.references.unlinkInbox(tx, event.data.inbox.id);
  }
}
