/** Failures of saved custom filters (a filter's own query faults are `FILTER.INVALID`). */
export const CustomFilterErrors = {
  notFound: 'CUSTOM_FILTER.NOT_FOUND',
  nameBlank: 'CUSTOM_FILTER.NAME_BLANK',
  /** The user already keeps the most filters allowed in this account. */
  limitReached: 'CUSTOM_FILTER.LIMIT_REACHED',
} as const;
