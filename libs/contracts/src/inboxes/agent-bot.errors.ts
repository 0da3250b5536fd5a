export const AgentBotErrors = {
  notFound: 'AGENT_BOT.NOT_FOUND',
  nameBlank: 'AGENT_BOT.NAME_BLANK',
  outgoingUrlInvalid: 'AGENT_BOT.OUTGOING_URL_INVALID',
  /** An inbox was to be connected to a bot the account does not have. */
  missing: 'AGENT_BOT.MISSING',
} as const;
