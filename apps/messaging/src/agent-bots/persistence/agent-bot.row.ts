/** @owns messaging.agent_bots */

/** An `agent_bots` row. */
export interface AgentBotRow {
  id: number;
  /** Null for a platform bot. */
  account_id: number | null;
  name: string;
  description: string | null;
  outgoing_url: string | null;
  created_at: Date;
  updated_at: Date;
}

export const AGENT_BOT_COLUMNS = 'id, account_id, name, description, outgoing_url, created_at, updated_at';
