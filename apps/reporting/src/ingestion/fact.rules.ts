import {
  CSAT_CONTENT_TYPE,
  CSAT_TOKEN_ATTRIBUTE,
  type ConversationSnapshot,
  type ConversationStatus,
  type Message,
  type MessageSender,
} from '@parley/contracts';
import { businessSeconds, type BusinessHours } from '@parley/domain-rules';

/** What a fact records. Codes are stored; never renumber. */
export const FactKind = {
  conversationCreated: 1,
  /** A conversation came into an agent's, team's or label's scope (assigned, given the team or label, or created with it). */
  scopeEntered: 2,
  incomingMessage: 3,
  outgoingMessage: 4,
  firstResponse: 5,
  resolution: 6,
  reply: 7,
  botResolution: 8,
  botHandoff: 9,
  botSession: 10,
} as const;
export type FactKindCode = (typeof FactKind)[keyof typeof FactKind];

/** One reportable happening; times in Unix seconds, `value` in seconds for the timed kinds. */
export interface Fact {
  kind: FactKindCode;
  at: number;
  conversation_id: number;
  inbox_id: number | null;
  agent_id: number | null;
  team_id: number | null;
  labels: string[];
  value: number;
  value_bh: number;
  samples: number;
}

/** What the definitions need to remember of one conversation between its events. */
export interface Progress {
  first_reply_at: number | null;
  /** Times of incoming messages not answered by a person yet. */
  pending: number[];
  human_replied: boolean;
  bot_session: boolean;
  /** The last reopen; null: open since creation. */
  open_since: number | null;
}

export const NEW_PROGRESS: Progress = {
  first_reply_at: null,
  pending: [],
  human_replied: false,
  bot_session: false,
  open_since: null,
};

const ALWAYS_OPEN: BusinessHours = { enabled: false, timezone: 'UTC', days: [] };

function fact(conversation: ConversationSnapshot, kind: FactKindCode, at: number, extra: Partial<Fact> = {}): Fact {
  return {
    kind,
    at,
    conversation_id: conversation.id,
    inbox_id: conversation.inbox_id,
    agent_id: null,
    team_id: conversation.team_id,
    labels: conversation.labels,
    value: 0,
    value_bh: 0,
    samples: 1,
    ...extra,
  };
}

/** What the definitions read of a message (an event's message, or one of messaging's history). */
export type FactMessage = Pick<Message, 'message_type' | 'private' | 'content_type' | 'created_at'> & {
  sender: Pick<MessageSender, 'id' | 'type'> | null;
  content_attributes?: Message['content_attributes'];
};

/** Who wrote a message, as the definitions tell them apart. */
export type Author = 'contact' | 'human' | 'bot' | 'automation' | 'system';

/**
 * A person is a user writing on their own behalf; a message a rule sent (origin
 * `automation:<id>`) or an agent bot wrote is not a human reply.
 */
export function authorOf(message: FactMessage, origin: string | undefined): Author {
  if (message.message_type === 'incoming') return 'contact';
  if (message.sender?.type === 'agent_bot') return 'bot';
  if (origin?.startsWith('automation:')) return 'automation';
  if (message.sender?.type === 'user') return 'human';
  return 'system';
}

/**
 * The facts one message adds. Activity messages and private notes add none. An incoming
 * message waits for the next human reply; the first public human reply after creation is the
 * first response; every human reply answers each incoming message waiting before it.
 */
export function messageFacts(
  progress: Progress,
  message: FactMessage,
  conversation: ConversationSnapshot,
  origin: string | undefined,
  hours: BusinessHours | null,
): { facts: Fact[]; progress: Progress; survey?: { token: string; bot_handled: boolean } } {
  const facts: Fact[] = [];
  if (message.message_type === 'activity' || message.private) return { facts, progress };
  // A CSAT survey is not a conversation message: it counts nowhere, it is recorded as a survey sent.
  if (message.content_type === CSAT_CONTENT_TYPE) {
    const token = message.content_attributes?.[CSAT_TOKEN_ATTRIBUTE];
    const survey =
      typeof token === 'string' ? { token, bot_handled: progress.bot_session && !progress.human_replied } : undefined;
    return { facts, progress, survey };
  }
  const at = message.created_at;
  const within = hours ?? ALWAYS_OPEN;
  const next: Progress = { ...progress, pending: [...progress.pending] };
  const author = authorOf(message, origin);
  if (author === 'contact') {
    facts.push(fact(conversation, FactKind.incomingMessage, at, { agent_id: conversation.assignee_id }));
    next.pending.push(at);
    return { facts, progress: next };
  }
  const sender = author === 'human' ? (message.sender?.id ?? null) : null;
  facts.push(fact(conversation, FactKind.outgoingMessage, at, { agent_id: sender }));
  if (author === 'bot' && !progress.bot_session) {
    facts.push(fact(conversation, FactKind.botSession, at));
    next.bot_session = true;
  }
  if (author !== 'human') return { facts, progress: next };
  next.human_replied = true;
  if (progress.first_reply_at === null) {
    const start = Math.min(conversation.created_at, at);
    facts.push(
      fact(conversation, FactKind.firstResponse, at, {
        agent_id: sender,
        value: at - start,
        value_bh: businessSeconds(start, at, within),
      }),
    );
    next.first_reply_at = at;
  }
  if (next.pending.length > 0) {
    const waits = next.pending.map((since) => Math.max(0, at - since));
    const waitsBh = next.pending.map((since) => businessSeconds(since, at, within));
    facts.push(
      fact(conversation, FactKind.reply, at, {
        agent_id: sender,
        value: sum(waits),
        value_bh: sum(waitsBh),
        samples: waits.length,
      }),
    );
    next.pending = [];
  }
  return { facts, progress: next };
}

/**
 * The facts of a status change at `at`: a resolve measures from creation or the last reopen;
 * leaving `resolved` is a reopen; pending → open hands a bot's conversation to people; a
 * resolve with a bot session and no human reply is the bot's.
 */
export function statusFacts(
  progress: Progress,
  conversation: ConversationSnapshot,
  previous: ConversationStatus,
  at: number,
  hours: BusinessHours | null,
) {
  const facts: Fact[] = [];
  const next: Progress = { ...progress };
  const status = conversation.status;
  if (status === 'resolved' && previous !== 'resolved') {
    const start = Math.min(progress.open_since ?? conversation.created_at, at);
    facts.push(
      fact(conversation, FactKind.resolution, at, {
        agent_id: conversation.assignee_id,
        value: at - start,
        value_bh: businessSeconds(start, at, hours ?? ALWAYS_OPEN),
      }),
    );
    if (progress.bot_session && !progress.human_replied) facts.push(fact(conversation, FactKind.botResolution, at));
  }
  if (previous === 'resolved' && status !== 'resolved') next.open_since = at;
  if (previous === 'pending' && status === 'open') facts.push(fact(conversation, FactKind.botHandoff, at));
  return { facts, progress: next };
}

/** A new conversation counts for its account and inbox, and enters the scopes it starts in. */
export function creationFacts(conversation: ConversationSnapshot): Fact[] {
  const facts = [
    fact(conversation, FactKind.conversationCreated, conversation.created_at, { team_id: null, labels: [] }),
  ];
  return facts.concat(
    enteredFacts(conversation, conversation.created_at, {
      agent_id: conversation.assignee_id,
      team_id: conversation.team_id,
      labels: conversation.labels,
    }),
  );
}

/** Facts of a conversation entering scopes at `at` (one per agent, team and label given). */
export function enteredFacts(
  conversation: ConversationSnapshot,
  at: number,
  into: { agent_id?: number | null; team_id?: number | null; labels?: string[] },
): Fact[] {
  const base = { inbox_id: null, agent_id: null, team_id: null, labels: [] as string[] };
  const facts: Fact[] = [];
  if (into.agent_id) facts.push(fact(conversation, FactKind.scopeEntered, at, { ...base, agent_id: into.agent_id }));
  if (into.team_id) facts.push(fact(conversation, FactKind.scopeEntered, at, { ...base, team_id: into.team_id }));
  for (const label of into.labels ?? [])
    facts.push(fact(conversation, FactKind.scopeEntered, at, { ...base, labels: [label] }));
  return facts;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
