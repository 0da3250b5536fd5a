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
} as const;

export interface ContactLinksRpc {
  [ContactLinkPatterns.ensure]: {
    request: { account_id: number; contact_id: number; inbox_id: number };
    response: ContactInboxLink;
  };
  [ContactLinkPatterns.ensureMany]: {
    request: { account_id: number; contact_ids: number[]; inbox_id: number };
    response: { links: Array<{ contact_id: number; source_id: string }> };
  };
}
