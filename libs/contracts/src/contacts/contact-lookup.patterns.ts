import type { ContactSnapshot } from './contact-snapshot';

/** Queries the contacts service answers for other services. */
export const ContactLookupPatterns = {
  find: 'contacts.contacts.find',
} as const;

export interface ContactLookupRpc {
  [ContactLookupPatterns.find]: { request: { account_id: number; id: number }; response: ContactSnapshot | null };
}
