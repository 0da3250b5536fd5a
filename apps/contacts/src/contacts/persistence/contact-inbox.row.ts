import type { InboxView } from '../../read-models/messaging-view/messaging-view.loader';

/** @owns contacts.contact_inboxes */

/** A `contact_inboxes` row: a contact's address at one inbox (its id at the channel). */
export interface ContactInboxRow {
  id: number;
  contact_id: number;
  account_id: number;
  inbox_id: number;
  source_id: string;
  /** What the contact subscribes to `/cable` with through this inbox. */
  pubsub_token: string;
  /** The contact proved its identifier (HMAC) through this link. */
  hmac_verified: boolean;
  created_at: Date;
}

/** A link with its contact, as the public client API reads it. */
export type PublicLinkRow = Pick<ContactInboxRow, 'id' | 'source_id' | 'pubsub_token' | 'hmac_verified'> & {
  contact_id: number;
};

/** A contact's inbox link joined with the inbox it points at. */
export interface ContactLinkRow extends InboxView {
  contact_id: number;
  source_id: string;
}
