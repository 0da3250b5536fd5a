import type { ContactInboxLink } from './contact.types';

/** Commands the contacts service answers for other services (not reachable from the gateway). */
export const ContactLinkPatterns = {
  /**
   * The contact's link to the inbox: the one it has, or a new one under a generated source id.
   * Messaging asks it when a conversation is created without a `source_id`.
   */
  ensure: 'contacts.contact_inboxes.ensure',
} as const;

export interface ContactLinksRpc {
  [ContactLinkPatterns.ensure]: { request: { account_id: number; contact_id: number; inbox_id: number }; response: ContactInboxLink };
}
