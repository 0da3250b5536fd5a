/** Why a request about a contact failed; the gateway gives each code its HTTP status. */
export const ContactErrors = {
  notFound: 'CONTACT.NOT_FOUND',
  /** E-mail, phone number or name break their format rules (`attributes` names each field). */
  invalidFields: 'CONTACT.INVALID_FIELDS',
  emailTaken: 'CONTACT.EMAIL_TAKEN',
  phoneNumberTaken: 'CONTACT.PHONE_NUMBER_TAKEN',
  identifierTaken: 'CONTACT.IDENTIFIER_TAKEN',
  /** The inbox a new contact should be linked to is not one of the account's. */
  inboxMissing: 'CONTACT.INBOX_MISSING',
  /** Custom attribute values that the account's contact attribute definitions refuse. */
  invalidCustomAttributes: 'CONTACT.INVALID_CUSTOM_ATTRIBUTES',
  /** A label title on the contact breaks the label title rules. */
  invalidLabels: 'CONTACT.INVALID_LABELS',
  invalidAvatarUrl: 'CONTACT.INVALID_AVATAR_URL',
} as const;
