import type { EventEnvelope } from '../events/envelope';
import type { ContactSnapshot } from './contact-snapshot';
import { ContactEvents, type ImportedContact } from './contact.events';

/** The `contacts.contact.created` events an import event stands for, in order, each under its item's id. */
export function createdOfImport(
  event: EventEnvelope<{ contacts: ImportedContact[] }>,
): Array<EventEnvelope<{ contact: ContactSnapshot }, typeof ContactEvents.created>> {
  return event.data.contacts.map(({ event_id, contact }) => ({
    ...event,
    id: event_id,
    type: ContactEvents.created,
    data: { contact },
  }));
}
