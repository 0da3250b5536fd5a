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
} as const;

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
}
