/** Failures of users: the Platform API's user records and a caller's own profile. */
export const UserErrors = {
  notFound: 'USER.NOT_FOUND',
  nameBlank: 'USER.NAME_BLANK',
  emailInvalid: 'USER.EMAIL_INVALID',
  emailTaken: 'USER.EMAIL_TAKEN',
  passwordTooShort: 'USER.PASSWORD_TOO_SHORT',
  /** A profile change named an account the caller does not belong to. */
  notAccountMember: 'USER.NOT_ACCOUNT_MEMBER',
  /** A sign-in link for a user who has not activated their invitation yet. */
  notActivated: 'USER.NOT_ACTIVATED',
  /** A sign-in link that is unknown, used already or expired. */
  signInLinkInvalid: 'USER.SIGN_IN_LINK_INVALID',
} as const;
