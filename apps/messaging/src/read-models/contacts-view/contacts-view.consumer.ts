import { Injectable } from '@nestjs/common';
import {
  ContactEvents,
  createdOfImport,
  type ContactSnapshot,
  type EventEnvelope,
  type ImportedContact,
} from '@parley/contracts';
import { OnEvents } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { contactViewItem, ContactsViewWriter } from './contacts-view.writer';

/** The view keeps the newest version of each contact, so events may be applied in any order. */
const VIEW_CONCURRENCY = 8;

/** Keeps the contacts view current (deletions and merges are cascades: see cascades/). */
@Injectable()
export class ContactsViewConsumer {
  constructor(private readonly view: ContactsViewWriter) {}

  /** Every event that carries the contact's new state. */
  @OnEvents([ContactEvents.created, ContactEvents.updated, ContactEvents.blocked, ContactEvents.unblocked], {
    concurrency: VIEW_CONCURRENCY,
  })
  async onContactChanged(events: Array<EventEnvelope<{ contact: ContactSnapshot }>>, tx: EntityManager): Promise<void> {
    await this.view.contacts.record(
      tx,
      events.map((event) => ({ item: contactViewItem(event.data.contact), version: new Date(event.occurred_at) })),
    );
  }

  /** An import's created contacts, many to an event. */
  @OnEvents([ContactEvents.imported], { concurrency: VIEW_CONCURRENCY })
  onContactsImported(events: Array<EventEnvelope<{ contacts: ImportedContact[] }>>, tx: EntityManager): Promise<void> {
    return this.onContactChanged(events.flatMap(createdOfImport), tx);
  }
}
