/** Failures of an account's agents (its members) and of member lists that name them. */
export const AgentErrors = {
  notFound: 'AGENT.NOT_FOUND',
  nameBlank: 'AGENT.NAME_BLANK',
  emailInvalid: 'AGENT.EMAIL_INVALID',
  /** Already an agent of this account. */
  emailTaken: 'AGENT.EMAIL_TAKEN',
  emailInOtherAccount: 'AGENT.EMAIL_IN_OTHER_ACCOUNT',
  lastAdministrator: 'AGENT.LAST_ADMINISTRATOR',
  /** A team or inbox member list names users who are not agents of the account. */
  notInAccount: 'AGENT.NOT_IN_ACCOUNT',
} as const;
