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
} as const;

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
}
