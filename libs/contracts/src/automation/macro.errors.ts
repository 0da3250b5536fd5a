/** Why a request about a macro failed. */
export const MacroErrors = {
  notFound: 'MACRO.NOT_FOUND',
  /** A global macro changed by an agent, or someone else's personal macro. */
  accessDenied: 'MACRO.ACCESS_DENIED',
  nameBlank: 'MACRO.NAME_BLANK',
  invalidActions: 'MACRO.INVALID_ACTIONS',
} as const;
