import type { ContactSnapshot } from './contact-snapshot';

/** Queries the contacts service answers for other services. */
export const ContactLookupPatterns = {
  find: 'contacts.contacts.find',
  withLabels: 'contacts.contacts.with_labels',
} as const;

export interface ContactLookupRpc {
  [ContactLookupPatterns.find]: { request: { account_id: number; id: number }; response: ContactSnapshot | null };
  /** The account's contacts carrying any of the label titles, by id after `after_id`, at most `limit` (a campaign's audience). */
  [ContactLookupPatterns.withLabels]: {
    request: { account_id: number; labels: string[]; after_id: number; limit: number };
    response: ContactSnapshot[];
  };
}
