/** Why linking a contact to an inbox failed. */
export const ContactInboxErrors = {
  inboxMissing: 'CONTACT_INBOX.INBOX_MISSING',
  /** Another contact already has this source id in the inbox. */
  sourceIdTaken: 'CONTACT_INBOX.SOURCE_ID_TAKEN',
  /** A proven identifier is not the identifier of the contact the link belongs to. */
  identifierMismatch: 'CONTACT_INBOX.IDENTIFIER_MISMATCH',
  /** No such link in the inbox. */
  notFound: 'CONTACT_INBOX.NOT_FOUND',
} as const;
