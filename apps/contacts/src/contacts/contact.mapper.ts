import type { Contact, ContactInboxLink } from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';
import { contactAvailability } from './contact.rules';
import type { ContactEntity } from './persistence/contact.orm-entity';

export function toContact(entity: ContactEntity, inboxes?: ContactInboxLink[], now = new Date()): Contact {
  const contact: Contact = {
    id: entity.id,
    account_id: entity.accountId,
    name: entity.name,
    email: entity.email,
    phone_number: entity.phoneNumber,
    identifier: entity.identifier,
    thumbnail: entity.avatarUrl,
    blocked: entity.blocked,
    additional_attributes: entity.additionalAttributes,
    custom_attributes: entity.customAttributes,
    last_activity_at: toUnixSeconds(entity.lastActivityAt),
    availability_status: contactAvailability(entity.lastActivityAt, now),
    created_at: toUnixSeconds(entity.createdAt),
    updated_at: toUnixSeconds(entity.updatedAt),
  };
  if (inboxes) contact.contact_inboxes = inboxes;
  return contact;
}
