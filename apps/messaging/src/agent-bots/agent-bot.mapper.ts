import type { AgentBot } from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';
import type { AgentBotEntity } from './persistence/agent-bot.orm-entity';

export function toAgentBot(entity: AgentBotEntity): AgentBot {
  return {
    id: entity.id,
    account_id: entity.accountId,
    name: entity.name,
    description: entity.description,
    outgoing_url: entity.outgoingUrl,
    created_at: toUnixSeconds(entity.createdAt),
    updated_at: toUnixSeconds(entity.updatedAt),
  };
}
