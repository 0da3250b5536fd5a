import type { ChangedAttributes } from '../events/changed-attributes';
import type { ContactSnapshot } from './contact-snapshot';

export const ContactEvents = {
  created: 'contacts.contact.created',
  updated: 'contacts.contact.updated',
  deleted: 'contacts.contact.deleted',
  merged: 'contacts.contact.merged',
  blocked: 'contacts.contact.blocked',
  unblocked: 'contacts.contact.unblocked',
  labelsChanged: 'contacts.contact.labels_changed',
  imported: 'contacts.contact.imported',
} as const;

/** One contact an import created, under the id its own `contacts.contact.created` would have had. */
export interface ImportedContact {
  event_id: string;
  contact: ContactSnapshot;
}

export interface ContactEventMap {
  [ContactEvents.created]: { contact: ContactSnapshot };
  [ContactEvents.updated]: { contact: ContactSnapshot; changed_attributes: ChangedAttributes };
  /** Owners of the contact's records (conversations, messages) remove them. */
  [ContactEvents.deleted]: { contact: ContactSnapshot };
  /** Everything of `mergee_id` now belongs to `contact` (the base); the mergee is gone. */
  [ContactEvents.merged]: { contact: ContactSnapshot; mergee_id: number };
  [ContactEvents.blocked]: { contact: ContactSnapshot };
  [ContactEvents.unblocked]: { contact: ContactSnapshot };
  [ContactEvents.labelsChanged]: { contact: ContactSnapshot; labels: string[] };
  /**
   * Contacts an import created, many to a message: each item means what a
   * `contacts.contact.created` with its `event_id` means (see `createdOfImport`). One message per
   * contact made the events, not the rows, most of an import's cost.
   */
  [ContactEvents.imported]: { contacts: ImportedContact[] };
}
