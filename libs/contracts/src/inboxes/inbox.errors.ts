export const InboxErrors = {
  /** webhook_url or website_url is not an http(s) URL. */
  urlInvalid: 'INBOX.URL_INVALID',
  notFound: 'INBOX.NOT_FOUND',
  accessDenied: 'INBOX.ACCESS_DENIED',
  nameBlank: 'INBOX.NAME_BLANK',
  phoneInvalid: 'INBOX.PHONE_INVALID',
  phoneRequired: 'INBOX.PHONE_REQUIRED',
  emailInvalid: 'INBOX.EMAIL_INVALID',
  emailRequired: 'INBOX.EMAIL_REQUIRED',
  websiteUrlRequired: 'INBOX.WEBSITE_URL_REQUIRED',
  widgetColorInvalid: 'INBOX.WIDGET_COLOR_INVALID',
  workingHoursInvalid: 'INBOX.WORKING_HOURS_INVALID',
  timezoneInvalid: 'INBOX.TIMEZONE_INVALID',
  assignmentLimitInvalid: 'INBOX.ASSIGNMENT_LIMIT_INVALID',
  /** Another inbox (of any account) already receives this e-mail address. */
  emailTaken: 'INBOX.EMAIL_TAKEN',
  /** An e-mail server setting is missing or malformed (the field is named). */
  mailServerInvalid: 'INBOX.MAIL_SERVER_INVALID',
  /** A secret was given but the service has no CHANNEL_CREDENTIALS_KEY to seal it with. */
  credentialsKeyMissing: 'INBOX.CREDENTIALS_KEY_MISSING',
  /** The provider refused the credentials given (the field is named), or could not be reached to check them. */
  credentialsRefused: 'INBOX.CREDENTIALS_REFUSED',
} as const;
