import type { AgentBot } from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';
import type { AgentBotRow } from './persistence/agent-bot.row';

export function toAgentBot(row: AgentBotRow): AgentBot {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    description: row.description,
    outgoing_url: row.outgoing_url,
    created_at: toUnixSeconds(row.created_at),
    updated_at: toUnixSeconds(row.updated_at),
  };
}
