import type { ContactSnapshot } from '@parley/contracts';

/** @owns messaging.contacts_view */

/**
 * A `contacts_view` row as reads take it: a contact as messaging knows it, kept from the contacts
 * service's events (never written here otherwise); its version, `source_updated_at`, is the writer's alone.
 */
export interface ContactViewRow extends Omit<ContactSnapshot, 'custom_attributes' | 'created_at' | 'updated_at'> {
  /** A tombstone: the contact was deleted (or merged away); a late update must not bring it back. */
  deleted: boolean;
}

export const CONTACT_VIEW_COLUMNS =
  'id, account_id, name, email, phone_number, identifier, thumbnail, blocked, additional_attributes, deleted';
