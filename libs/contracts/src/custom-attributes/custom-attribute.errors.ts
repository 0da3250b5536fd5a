/** Failures of custom attribute definitions. */
export const CustomAttributeErrors = {
  notFound: 'CUSTOM_ATTRIBUTE.NOT_FOUND',
  displayNameBlank: 'CUSTOM_ATTRIBUTE.DISPLAY_NAME_BLANK',
  /** No key was given and none could be made from the display name. */
  keyUnderivable: 'CUSTOM_ATTRIBUTE.KEY_UNDERIVABLE',
  keyInvalid: 'CUSTOM_ATTRIBUTE.KEY_INVALID',
  keyTaken: 'CUSTOM_ATTRIBUTE.KEY_TAKEN',
  valuesRequired: 'CUSTOM_ATTRIBUTE.VALUES_REQUIRED',
  valuesRepeated: 'CUSTOM_ATTRIBUTE.VALUES_REPEATED',
  valuesNotAllowed: 'CUSTOM_ATTRIBUTE.VALUES_NOT_ALLOWED',
  regexNotAllowed: 'CUSTOM_ATTRIBUTE.REGEX_NOT_ALLOWED',
  regexInvalid: 'CUSTOM_ATTRIBUTE.REGEX_INVALID',
  /** The default value does not fit the display type (the rules values follow). */
  defaultValueInvalid: 'CUSTOM_ATTRIBUTE.DEFAULT_VALUE_INVALID',
} as const;
