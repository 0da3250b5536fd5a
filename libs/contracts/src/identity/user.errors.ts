/** Failures of users: the Platform API's user records and a caller's own profile. */
export const UserErrors = {
  notFound: 'USER.NOT_FOUND',
  nameBlank: 'USER.NAME_BLANK',
  emailInvalid: 'USER.EMAIL_INVALID',
  emailTaken: 'USER.EMAIL_TAKEN',
  passwordTooShort: 'USER.PASSWORD_TOO_SHORT',
  /** A profile change named an account the caller does not belong to. */
  notAccountMember: 'USER.NOT_ACCOUNT_MEMBER',
} as const;
