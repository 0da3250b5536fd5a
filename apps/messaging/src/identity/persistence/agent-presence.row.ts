/** @owns messaging.agent_presence */

/** An `agent_presence` row: one gateway replica holds `/cable` sockets of the agent until `expires_at` (or says it left). */
export interface AgentPresenceRow {
  account_id: number;
  user_id: number;
  replica: string;
  expires_at: Date;
}

/** Agents (`au`: their `account_users` row) with a socket on some replica now. */
export const CONNECTED_SQL = `EXISTS (SELECT 1 FROM messaging.agent_presence p
   WHERE p.account_id = au.account_id AND p.user_id = au.user_id AND p.expires_at > now())`;
