import type { ContactSnapshot } from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';
import type { ContactEntity } from './persistence/contact.orm-entity';

/** What other contexts are told about a contact. */
export function toContactSnapshot(entity: ContactEntity): ContactSnapshot {
  return {
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
    created_at: toUnixSeconds(entity.createdAt),
    updated_at: toUnixSeconds(entity.updatedAt),
  };
}
