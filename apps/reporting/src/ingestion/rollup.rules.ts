import { FactKind, type Fact } from './fact.rules';

/** Scope codes of roll-up rows; the account's row has scope_id 0. Stored: never renumber. */
export const ScopeCode = { account: 0, agent: 1, inbox: 2, team: 3, label: 4 } as const;
export type ScopeCodeValue = (typeof ScopeCode)[keyof typeof ScopeCode];

/** The additive columns of a roll-up row, in table order. */
export const ROLLUP_COLUMNS = [
  'conversations',
  'incoming',
  'outgoing',
  'resolutions',
  'frt_sum',
  'frt_bh_sum',
  'frt_n',
  'res_sum',
  'res_bh_sum',
  'reply_sum',
  'reply_bh_sum',
  'reply_n',
  'bot_resolutions',
  'bot_handoffs',
  'bot_sessions',
] as const;
export type RollupColumn = (typeof ROLLUP_COLUMNS)[number];
export type RollupValues = Partial<Record<RollupColumn, number>>;

/** What one fact adds to the rows of the scopes it belongs to. */
export function rollupDelta(fact: Fact): RollupValues {
  switch (fact.kind) {
    case FactKind.conversationCreated:
    case FactKind.scopeEntered:
      return { conversations: 1 };
    case FactKind.incomingMessage:
      return { incoming: 1 };
    case FactKind.outgoingMessage:
      return { outgoing: 1 };
    case FactKind.firstResponse:
      return { frt_sum: fact.value, frt_bh_sum: fact.value_bh, frt_n: 1 };
    case FactKind.resolution:
      return { resolutions: 1, res_sum: fact.value, res_bh_sum: fact.value_bh };
    case FactKind.reply:
      return { reply_sum: fact.value, reply_bh_sum: fact.value_bh, reply_n: fact.samples };
    case FactKind.botResolution:
      return { bot_resolutions: 1 };
    case FactKind.botHandoff:
      return { bot_handoffs: 1 };
    case FactKind.botSession:
      return { bot_sessions: 1 };
  }
}

/**
 * The scopes a fact counts in: the account (except scope entries, which count only for the
 * scope entered), its inbox, agent, team and labels (label keys already resolved).
 */
export function scopesOf(fact: Fact, labelKeys: number[]): Array<{ scope: ScopeCodeValue; id: number }> {
  const scopes: Array<{ scope: ScopeCodeValue; id: number }> = [];
  if (fact.kind !== FactKind.scopeEntered) scopes.push({ scope: ScopeCode.account, id: 0 });
  if (fact.inbox_id) scopes.push({ scope: ScopeCode.inbox, id: fact.inbox_id });
  if (fact.agent_id) scopes.push({ scope: ScopeCode.agent, id: fact.agent_id });
  if (fact.team_id) scopes.push({ scope: ScopeCode.team, id: fact.team_id });
  for (const key of labelKeys) scopes.push({ scope: ScopeCode.label, id: key });
  return scopes;
}

/** The start of the UTC hour holding `at` (seconds). */
export function hourOf(at: number): number {
  return Math.floor(at / 3600) * 3600;
}

/** The start of the UTC day holding `at` (seconds). */
export function dayOf(at: number): number {
  return Math.floor(at / 86_400) * 86_400;
}
