import type { ContactSnapshot } from '@parley/contracts';
import { toContact } from './contact.mapper';
import type { ContactRow } from './persistence/contact.row';

/** What other contexts are told about a contact: the REST view without the REST-only extras. */
export function toContactSnapshot(row: ContactRow): ContactSnapshot {
  const { last_activity_at: _activity, contact_inboxes: _inboxes, ...snapshot } = toContact(row);
  return snapshot;
}
