import { Injectable } from '@nestjs/common';
import { ContactEvents, ConversationEvents, type EventOf } from '@parley/contracts';
import { OnEvent, type Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { ConversationWriter } from '../conversations/conversation.writer';
import { ContactsViewService } from '../read-models/contacts-view/contacts-view.service';

/**
 * What a contact's deletion or merge in the contacts service does here. The view changes in
 * the same transaction, after the conversations, so the deleted conversations' events still
 * show their contact.
 */
@Injectable()
export class ContactCascades {
  constructor(
    private readonly conversations: ConversationWriter,
    private readonly contacts: ContactsViewService,
  ) {}

  /** The contact's conversations and their messages go with it. */
  @OnEvent(ContactEvents.deleted)
  async onDeleted(event: EventOf<typeof ContactEvents.deleted>, tx: EntityManager, emit: Emit): Promise<void> {
    const { contact } = event.data;
    const deleted = await this.conversations.deleteOfContact(tx, contact.account_id, contact.id);
    for (const conversation of deleted) await emit(ConversationEvents.deleted, contact.account_id, { conversation });
    await this.contacts.tombstone(tx, contact.account_id, contact.id, new Date(event.occurred_at));
  }

  /** The mergee's conversations now belong to the base contact. */
  @OnEvent(ContactEvents.merged)
  async onMerged(event: EventOf<typeof ContactEvents.merged>, tx: EntityManager): Promise<void> {
    const { contact, mergee_id } = event.data;
    await this.contacts.apply(tx, contact, new Date(event.occurred_at));
    await this.conversations.moveToContact(tx, contact.account_id, mergee_id, contact.id);
    await this.contacts.tombstone(tx, contact.account_id, mergee_id, new Date(event.occurred_at));
  }
}
