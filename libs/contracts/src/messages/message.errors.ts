export const MessageErrors = {
  notFound: 'MESSAGE.NOT_FOUND',
  /** An attachment id that names no stored file of the account. */
  attachmentNotFound: 'MESSAGE.ATTACHMENT_NOT_FOUND',
  activityNotDeletable: 'MESSAGE.ACTIVITY_NOT_DELETABLE',
  /** Activity messages are written by the system, never through the API. */
  activityNotWritable: 'MESSAGE.ACTIVITY_NOT_WRITABLE',
  contentBlank: 'MESSAGE.CONTENT_BLANK',
  contentTypeUnsupported: 'MESSAGE.CONTENT_TYPE_UNSUPPORTED',
  selectItemsInvalid: 'MESSAGE.SELECT_ITEMS_INVALID',
  templateInvalid: 'MESSAGE.TEMPLATE_INVALID',
  templateRequired: 'MESSAGE.TEMPLATE_REQUIRED',
  /** The 24-hour window of a messaging app is closed: only a template may go out. */
  windowClosed: 'MESSAGE.WINDOW_CLOSED',
} as const;
