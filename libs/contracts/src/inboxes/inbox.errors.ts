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
} as const;
