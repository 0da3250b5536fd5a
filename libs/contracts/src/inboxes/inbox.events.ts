import type { AgentBot, Inbox } from './inbox.types';

export const InboxEvents = {
  created: 'messaging.inbox.created',
  updated: 'messaging.inbox.updated',
  deleted: 'messaging.inbox.deleted',
  membersChanged: 'messaging.inbox.members_changed',
  agentBotCreated: 'messaging.agent_bot.created',
  agentBotUpdated: 'messaging.agent_bot.updated',
  agentBotDeleted: 'messaging.agent_bot.deleted',
} as const;

/** Inboxes in events never carry their signing secret. */
export type InboxSnapshot = Omit<Inbox, 'secret' | 'hmac_token'>;

export interface InboxEventMap {
  [InboxEvents.created]: { inbox: InboxSnapshot };
  [InboxEvents.updated]: { inbox: InboxSnapshot };
  [InboxEvents.deleted]: { inbox: InboxSnapshot };
  [InboxEvents.membersChanged]: { inbox_id: number; user_ids: number[] };
  [InboxEvents.agentBotCreated]: { agent_bot: AgentBot };
  [InboxEvents.agentBotUpdated]: { agent_bot: AgentBot };
  [InboxEvents.agentBotDeleted]: { agent_bot: AgentBot };
}
