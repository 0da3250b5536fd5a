import type { ContactSnapshot } from '@parley/contracts';
import { toContact } from './contact.mapper';
import type { ContactEntity } from './persistence/contact.orm-entity';

/** What other contexts are told about a contact: the REST view without the REST-only extras. */
export function toContactSnapshot(entity: ContactEntity): ContactSnapshot {
  const { last_activity_at: _activity, contact_inboxes: _inboxes, ...snapshot } = toContact(entity);
  return snapshot;
}
