import { Injectable } from '@nestjs/common';
import { ContactEvents, ConversationEvents, type EventOf } from '@parley/contracts';
import { OnEvent, type Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { ConversationLoader } from '../conversations/conversation.loader';
import { ConversationWriter } from '../conversations/conversation.writer';
import { contactViewItem, ContactsViewWriter, unseenContact } from '../read-models/contacts-view/contacts-view.writer';

/**
 * What a contact's deletion or merge in the contacts service does here. The view changes in
 * the same transaction, after the conversations, so the deleted conversations' events still
 * show their contact.
 */
@Injectable()
export class ContactCascadesConsumer {
  constructor(
    private readonly conversations: ConversationWriter,
    private readonly loader: ConversationLoader,
    private readonly view: ContactsViewWriter,
  ) {}

  /** The contact's conversations and their messages go with it. */
  @OnEvent(ContactEvents.deleted)
  async onDeleted(event: EventOf<typeof ContactEvents.deleted>, tx: EntityManager, emit: Emit): Promise<void> {
    const { contact } = event.data;
    const deleted = await this.conversations.deleteOfContact(tx, contact.account_id, contact.id);
    for (const conversation of deleted) await emit(ConversationEvents.deleted, contact.account_id, { conversation });
    await this.view.contacts.recordOne(tx, contactViewItem(contact), new Date(event.occurred_at), true);
  }

  /** The mergee's conversations now belong to the base contact. */
  @OnEvent(ContactEvents.merged)
  async onMerged(event: EventOf<typeof ContactEvents.merged>, tx: EntityManager, emit: Emit): Promise<void> {
    const { contact, mergee_id } = event.data;
    await this.view.contacts.recordOne(tx, contactViewItem(contact), new Date(event.occurred_at));
    const moved = await this.conversations.moveToContact(tx, contact.account_id, mergee_id, contact.id);
    for (const conversation of await this.loader.snapshots(moved, tx))
      await emit(ConversationEvents.contactChanged, contact.account_id, {
        conversation,
        previous_contact_id: mergee_id,
      });
    // The event does not carry the mergee's state: its row keeps what it holds.
    await this.view.contacts.recordGone(tx, unseenContact(contact.account_id, mergee_id), new Date(event.occurred_at));
  }
}
