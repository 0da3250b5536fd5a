import type { InboxView } from '../../read-models/messaging-view/messaging-view.loader';

/** @owns contacts.contact_inboxes */

/** A `contact_inboxes` row: a contact's address at one inbox (its id at the channel). */
export interface ContactInboxRow {
  id: number;
  contact_id: number;
  account_id: number;
  inbox_id: number;
  source_id: string;
  created_at: Date;
}

/** A contact's inbox link joined with the inbox it points at. */
export interface ContactLinkRow extends InboxView {
  contact_id: number;
  source_id: string;
}
