import { Injectable } from '@nestjs/common';
import { ContactEvents, ConversationEvents, type ContactSnapshot, type EventEnvelope, type EventMap } from '@parley/contracts';
import { OnEvent, OnEvents, type Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { ConversationLoader } from '../../conversations/conversation.loader';
import { ContactsViewService, type ContactVersion } from './contacts-view.service';

type ContactEvent<T extends keyof EventMap> = EventEnvelope<EventMap[T]>;

/** The view keeps the newest version of each contact, so events may be applied in any order. */
const VIEW_CONCURRENCY = 8;

/** Keeps the contacts view current and applies what happens to a contact to its conversations. */
@Injectable()
export class ContactEventsConsumer {
  constructor(
    private readonly contacts: ContactsViewService,
    private readonly conversations: ConversationLoader,
  ) {}

  /** Every event that carries the contact's new state. */
  @OnEvents([ContactEvents.created, ContactEvents.updated, ContactEvents.blocked, ContactEvents.unblocked], { concurrency: VIEW_CONCURRENCY })
  async onContactChanged(events: Array<EventEnvelope<{ contact: ContactSnapshot }>>, tx: EntityManager): Promise<void> {
    await this.contacts.applyMany(tx, events.map(versionOf));
  }

  /** The contact's conversations and their messages go with it. */
  @OnEvent(ContactEvents.deleted)
  async onDeleted(event: ContactEvent<typeof ContactEvents.deleted>, tx: EntityManager, emit: Emit): Promise<void> {
    const { contact } = event.data;
    const rows: Array<{ id: number }> = await tx.query(
      'SELECT id FROM messaging.conversations WHERE account_id = $1 AND contact_id = $2 FOR UPDATE',
      [contact.account_id, contact.id],
    );
    const snapshots = await this.conversations.snapshots(rows.map((row) => row.id), tx);
    await tx.query('DELETE FROM messaging.conversations WHERE id = ANY($1::int[])', [rows.map((row) => row.id)]);
    for (const conversation of snapshots) await emit(ConversationEvents.deleted, contact.account_id, { conversation });
    await this.contacts.tombstone(tx, contact.account_id, contact.id, new Date(event.occurred_at));
  }

  /** The mergee's conversations now belong to the base contact. */
  @OnEvent(ContactEvents.merged)
  async onMerged(event: ContactEvent<typeof ContactEvents.merged>, tx: EntityManager): Promise<void> {
    const { contact, mergee_id } = event.data;
    await this.contacts.apply(tx, contact, new Date(event.occurred_at));
    await tx.query(
      `UPDATE messaging.conversations SET contact_id = $1, updated_at = now() WHERE account_id = $2 AND contact_id = $3`,
      [contact.id, contact.account_id, mergee_id],
    );
    await tx.query(`UPDATE messaging.messages SET sender_id = $1 WHERE account_id = $2 AND sender_type = 'contact' AND sender_id = $3`, [
      contact.id,
      contact.account_id,
      mergee_id,
    ]);
    await this.contacts.tombstone(tx, contact.account_id, mergee_id, new Date(event.occurred_at));
  }
}

function versionOf(event: EventEnvelope<{ contact: ContactSnapshot }>): ContactVersion {
  return { contact: event.data.contact, version: new Date(event.occurred_at) };
}
