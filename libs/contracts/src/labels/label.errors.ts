export const LabelErrors = {
  notFound: 'LABEL.NOT_FOUND',
  titleInvalid: 'LABEL.TITLE_INVALID',
  colorInvalid: 'LABEL.COLOR_INVALID',
  titleTaken: 'LABEL.TITLE_TAKEN',
} as const;
