/** Failures of accounts and their memberships (Platform API). */
export const AccountErrors = {
  notFound: 'ACCOUNT.NOT_FOUND',
  nameBlank: 'ACCOUNT.NAME_BLANK',
  /** The user is not a member of the account. */
  memberNotFound: 'ACCOUNT.MEMBER_NOT_FOUND',
  roleInvalid: 'ACCOUNT.ROLE_INVALID',
  /** The user to add does not exist. */
  userMissing: 'ACCOUNT.USER_MISSING',
} as const;
