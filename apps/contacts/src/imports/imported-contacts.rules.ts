import type { ImportedContact } from '@parley/contracts';

/** Contacts per `contacts.contact.imported` event: 500 messages for a 50,000-row file. */
export const IMPORTED_PER_EVENT = 100;
/** Serialized contacts per event at most (NATS refuses a message over its 1 MB max_payload). */
export const IMPORTED_BYTES_PER_EVENT = 256 * 1024;

/**
 * Splits an import batch's created contacts into events of at most IMPORTED_PER_EVENT contacts
 * and about IMPORTED_BYTES_PER_EVENT bytes, in order; a contact bigger than that alone goes in
 * an event of its own, as its `contacts.contact.created` would have.
 */
export function importedEventsOf(contacts: ImportedContact[]): ImportedContact[][] {
  const events: ImportedContact[][] = [];
  let current: ImportedContact[] = [];
  let bytes = 0;
  for (const item of contacts) {
    const size = Buffer.byteLength(JSON.stringify(item));
    if (current.length > 0 && (current.length === IMPORTED_PER_EVENT || bytes + size > IMPORTED_BYTES_PER_EVENT)) {
      events.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) events.push(current);
  return events;
}
