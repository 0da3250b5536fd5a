export const ConversationErrors = {
  /** A label title on the conversation breaks the label title rules. */
  labelsInvalid: 'CONVERSATION.LABELS_INVALID',
  notFound: 'CONVERSATION.NOT_FOUND',
  /** An agent asked for a conversation of an inbox it is not a member of. */
  accessDenied: 'CONVERSATION.ACCESS_DENIED',
  contactMissing: 'CONVERSATION.CONTACT_MISSING',
  contactBlocked: 'CONVERSATION.CONTACT_BLOCKED',
  inboxMissing: 'CONVERSATION.INBOX_MISSING',
  teamMissing: 'CONVERSATION.TEAM_MISSING',
  /** The assignee is not an agent of the account who serves the inbox. */
  assigneeNotAllowed: 'CONVERSATION.ASSIGNEE_NOT_ALLOWED',
  customAttributesInvalid: 'CONVERSATION.CUSTOM_ATTRIBUTES_INVALID',
  snoozeTimeInvalid: 'CONVERSATION.SNOOZE_TIME_INVALID',
  snoozeTimePast: 'CONVERSATION.SNOOZE_TIME_PAST',
  transcriptEmailInvalid: 'CONVERSATION.TRANSCRIPT_EMAIL_INVALID',
} as const;
