/** Why a request about a contact's note failed. */
export const NoteErrors = {
  notFound: 'NOTE.NOT_FOUND',
  contentBlank: 'NOTE.CONTENT_BLANK',
} as const;
