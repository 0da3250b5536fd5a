import type { Agent } from '../agents/agent.types';
import type { AccountScoped, ById } from '../rpc/caller';
import type { InboxSnapshot } from './inbox.events';
import type {
  AgentBot,
  CreateAgentBotInput,
  CreateInboxInput,
  Inbox,
  InboxCallbackTarget,
  UpdateAgentBotInput,
  UpdateInboxInput,
} from './inbox.types';

export const InboxPatterns = {
  list: 'messaging.inboxes.list',
  show: 'messaging.inboxes.show',
  create: 'messaging.inboxes.create',
  update: 'messaging.inboxes.update',
  delete: 'messaging.inboxes.delete',
  listMembers: 'messaging.inboxes.members.list',
  setMembers: 'messaging.inboxes.members.set',
  addMembers: 'messaging.inboxes.members.add',
  removeMembers: 'messaging.inboxes.members.remove',
  showAgentBot: 'messaging.inboxes.agent_bot.show',
  callbackTarget: 'messaging.inboxes.callback_target',
  find: 'messaging.inboxes.find',
  setAgentBot: 'messaging.inboxes.agent_bot.set',
} as const;

export const AgentBotPatterns = {
  list: 'messaging.agent_bots.list',
  show: 'messaging.agent_bots.show',
  create: 'messaging.agent_bots.create',
  update: 'messaging.agent_bots.update',
  delete: 'messaging.agent_bots.delete',
} as const;

/** Bots of no account (the Platform API's), which every account's inboxes may use. */
export const PlatformAgentBotPatterns = {
  list: 'messaging.platform.agent_bots.list',
  show: 'messaging.platform.agent_bots.show',
  create: 'messaging.platform.agent_bots.create',
  update: 'messaging.platform.agent_bots.update',
  delete: 'messaging.platform.agent_bots.delete',
} as const;

export interface InboxesRpc {
  /** Administrators get every inbox; agents the ones they are members of. */
  [InboxPatterns.list]: { request: AccountScoped; response: Inbox[] };
  [InboxPatterns.show]: { request: ById; response: Inbox };
  [InboxPatterns.create]: { request: AccountScoped & { data: CreateInboxInput }; response: Inbox };
  [InboxPatterns.update]: { request: ById & { data: UpdateInboxInput }; response: Inbox };
  [InboxPatterns.delete]: { request: ById; response: null };
  [InboxPatterns.listMembers]: { request: ById; response: Agent[] };
  [InboxPatterns.setMembers]: { request: ById & { user_ids: number[] }; response: Agent[] };
  [InboxPatterns.addMembers]: { request: ById & { user_ids: number[] }; response: Agent[] };
  [InboxPatterns.removeMembers]: { request: ById & { user_ids: number[] }; response: Agent[] };
  [InboxPatterns.showAgentBot]: { request: ById; response: AgentBot | null };
  [InboxPatterns.setAgentBot]: { request: ById & { agent_bot: number | null }; response: null };
  /** For the webhook dispatcher: where the account's API inbox's events go and the secret that signs them (null: none). */
  [InboxPatterns.callbackTarget]: {
    request: { account_id: number; inbox_id: number };
    response: InboxCallbackTarget | null;
  };
  /** For services whose copy of inboxes has not seen this one yet: the account's inbox as its events show it (null: none). */
  [InboxPatterns.find]: { request: { account_id: number; id: number }; response: InboxSnapshot | null };

  [AgentBotPatterns.list]: { request: AccountScoped; response: AgentBot[] };
  [AgentBotPatterns.show]: { request: ById; response: AgentBot };
  [AgentBotPatterns.create]: { request: AccountScoped & { data: CreateAgentBotInput }; response: AgentBot };
  [AgentBotPatterns.update]: { request: ById & { data: UpdateAgentBotInput }; response: AgentBot };
  [AgentBotPatterns.delete]: { request: ById; response: null };

  [PlatformAgentBotPatterns.list]: { request: Record<string, never>; response: AgentBot[] };
  [PlatformAgentBotPatterns.show]: { request: { id: number }; response: AgentBot };
  [PlatformAgentBotPatterns.create]: { request: { data: CreateAgentBotInput }; response: AgentBot };
  [PlatformAgentBotPatterns.update]: { request: { id: number; data: UpdateAgentBotInput }; response: AgentBot };
  [PlatformAgentBotPatterns.delete]: { request: { id: number }; response: null };
}
