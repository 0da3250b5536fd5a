export const CannedResponseErrors = {
  notFound: 'CANNED_RESPONSE.NOT_FOUND',
  shortCodeBlank: 'CANNED_RESPONSE.SHORT_CODE_BLANK',
  shortCodeHasSpaces: 'CANNED_RESPONSE.SHORT_CODE_HAS_SPACES',
  shortCodeTaken: 'CANNED_RESPONSE.SHORT_CODE_TAKEN',
  contentBlank: 'CANNED_RESPONSE.CONTENT_BLANK',
} as const;
