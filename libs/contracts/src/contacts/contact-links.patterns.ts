import type { PublicContactInput, PublicConversationContact } from '../public-api/public-api.types';
import type { ContactInboxLink } from './contact.types';

/** Commands the contacts service answers for other services (not reachable from the gateway). */
export const ContactLinkPatterns = {
  /**
   * The contact's link to the inbox: the one it has, or a new one under a generated source id.
   * Messaging asks it when a conversation is created without a `source_id`.
   */
  ensure: 'contacts.contact_inboxes.ensure',
  /**
   * The same for several contacts of the account at one inbox (a campaign's batch): each
   * contact's source id there; a contact the account does not have is left out of the answer.
   */
  ensureMany: 'contacts.contact_inboxes.ensure_many',
  /**
   * The contact a channel's sender is (a customer wrote in): the one linked to the inbox under
   * this source id, else the account's contact with this e-mail or phone number (linked now),
   * else a new contact with the name the channel gives.
   */
  identify: 'contacts.contact_inboxes.identify',
  /**
   * The public client API's contact create: the link under `source_id` if the inbox has it,
   * else the account's contact with this identifier, e-mail or phone number (linked now), else
   * a new contact. `proven_identifier` (its HMAC checked by messaging) verifies the link only
   * when it is the contact's own identifier; another contact's → `IDENTIFIER_MISMATCH`.
   */
  publicCreate: 'contacts.contact_inboxes.public_create',
  /** The inbox's link under this source id, or null. */
  publicFind: 'contacts.contact_inboxes.public_find',
  /** Updates the linked contact (never its identifier); `proven_identifier` as for create. */
  publicUpdate: 'contacts.contact_inboxes.public_update',
} as const;

/** A contact's link to an inbox as the public client API works with it. */
export interface PublicContactLink {
  source_id: string;
  /** The link's token: what the contact subscribes to `/cable` with. */
  pubsub_token: string;
  /** The contact proved its identifier through this link (widens what it sees). */
  hmac_verified: boolean;
  contact: PublicConversationContact;
}

/** The fields a widget or bridge sets on its contact (the identifier only when creating). */
export type PublicContactFields = Omit<PublicContactInput, 'identifier_hash'>;

/** A sender as a channel names it. */
export interface ChannelSender {
  account_id: number;
  inbox_id: number;
  /** The sender's id at the channel: an e-mail address, a phone number, a provider's user id. */
  source_id: string;
  name: string | null;
  email?: string | null;
  phone_number?: string | null;
}

export interface ContactLinksRpc {
  [ContactLinkPatterns.ensure]: {
    request: { account_id: number; contact_id: number; inbox_id: number };
    response: ContactInboxLink;
  };
  [ContactLinkPatterns.ensureMany]: {
    request: { account_id: number; contact_ids: number[]; inbox_id: number };
    response: { links: Array<{ contact_id: number; source_id: string }> };
  };
  [ContactLinkPatterns.identify]: {
    request: ChannelSender;
    response: { contact_id: number; source_id: string; blocked: boolean };
  };
  [ContactLinkPatterns.publicCreate]: {
    request: { account_id: number; inbox_id: number; data: PublicContactFields; proven_identifier: string | null };
    response: PublicContactLink;
  };
  [ContactLinkPatterns.publicFind]: {
    request: { account_id: number; inbox_id: number; source_id: string };
    response: PublicContactLink | null;
  };
  [ContactLinkPatterns.publicUpdate]: {
    request: {
      account_id: number;
      inbox_id: number;
      source_id: string;
      data: PublicContactFields;
      proven_identifier: string | null;
    };
    response: PublicContactLink;
  };
}
