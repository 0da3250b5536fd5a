/** Why linking a contact to an inbox failed. */
export const ContactInboxErrors = {
  inboxMissing: 'CONTACT_INBOX.INBOX_MISSING',
  /** Another contact already has this source id in the inbox. */
  sourceIdTaken: 'CONTACT_INBOX.SOURCE_ID_TAKEN',
} as const;
