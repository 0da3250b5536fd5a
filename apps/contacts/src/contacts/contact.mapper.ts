import type { Contact, ContactInboxLink, PublicConversationContact } from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';
import { contactAvailability } from './contact.rules';
import type { ContactRow } from './persistence/contact.row';

export function toContact(row: ContactRow, inboxes?: ContactInboxLink[], now = new Date()): Contact {
  const contact: Contact = {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    email: row.email,
    phone_number: row.phone_number,
    identifier: row.identifier,
    thumbnail: row.avatar_url,
    blocked: row.blocked,
    additional_attributes: row.additional_attributes,
    custom_attributes: row.custom_attributes,
    last_activity_at: toUnixSeconds(row.last_activity_at),
    availability_status: contactAvailability(row.last_activity_at, now, row.present_until),
    created_at: toUnixSeconds(row.created_at),
    updated_at: toUnixSeconds(row.updated_at),
  };
  if (inboxes) contact.contact_inboxes = inboxes;
  return contact;
}

/** The contact's own record inside a public conversation (what its widget or bridge sees). */
export function toPublicContact(row: ContactRow): PublicConversationContact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phone_number,
    identifier: row.identifier,
    thumbnail: row.avatar_url,
    additional_attributes: row.additional_attributes,
    blocked: row.blocked,
  };
}
