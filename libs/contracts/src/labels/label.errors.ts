export const LabelErrors = {
  notFound: 'LABEL.NOT_FOUND',
  colorInvalid: 'LABEL.COLOR_INVALID',
  titleTaken: 'LABEL.TITLE_TAKEN',
} as const;
