import type { Profile } from '../identity/identity.types';
import type { AccountScoped, ById, Caller } from '../rpc/caller';
import type { ActivateInput, Agent, InviteAgentInput, UpdateAgentInput, UpdateProfileInput } from './agent.types';

export const AgentPatterns = {
  list: 'messaging.agents.list',
  invite: 'messaging.agents.invite',
  update: 'messaging.agents.update',
  delete: 'messaging.agents.delete',
  activate: 'messaging.agents.activate',
  updateProfile: 'messaging.agents.update_profile',
} as const;

export interface AgentsRpc {
  [AgentPatterns.list]: { request: AccountScoped; response: Agent[] };
  [AgentPatterns.invite]: { request: AccountScoped & { data: InviteAgentInput }; response: Agent };
  [AgentPatterns.update]: { request: ById & { data: UpdateAgentInput }; response: Agent };
  [AgentPatterns.delete]: { request: ById; response: null };
  [AgentPatterns.activate]: { request: { data: ActivateInput }; response: Profile & { access_token: string } };
  [AgentPatterns.updateProfile]: {
    request: { caller: Pick<Caller, 'user_id'>; data: UpdateProfileInput };
    response: Profile;
  };
}
