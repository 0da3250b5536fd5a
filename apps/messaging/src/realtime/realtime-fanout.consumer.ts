import { Injectable } from '@nestjs/common';
import {
  ConversationEvents,
  MessageEvents,
  RealtimePatterns,
  type ConversationSnapshot,
  type EventEnvelope,
  type EventType,
  type Message,
  type RealtimeFrame,
  type RealtimeFrameBatch,
  type Typist,
} from '@parley/contracts';
import { EventBus, OnEventsIdempotent, RpcClient } from '@parley/service-kit';
import { IdentityLoader } from '../identity/identity.loader';
import { membersOfInbox } from '../inboxes/inboxes.loader';
import { toPublicMessage } from '../public-api/public-api.mapper';

/** `messaging.message.created` → `message.created`: the reference's realtime event names. */
const EVENT_NAMES: Record<string, string> = {
  [MessageEvents.created]: 'message.created',
  [MessageEvents.updated]: 'message.updated',
  [ConversationEvents.created]: 'conversation.created',
  [ConversationEvents.statusChanged]: 'conversation.status_changed',
  [ConversationEvents.updated]: 'conversation.updated',
  [ConversationEvents.assigneeChanged]: 'assignee.changed',
  [ConversationEvents.teamChanged]: 'team.changed',
  [ConversationEvents.typingOn]: 'conversation.typing_on',
  [ConversationEvents.typingOff]: 'conversation.typing_off',
  [ConversationEvents.read]: 'conversation.read',
  [ConversationEvents.contactChanged]: 'conversation.contact_changed',
  [MessageEvents.firstReplyCreated]: 'first.reply.created',
};

/** Events the contact's side receives too (the reference's CT set); the others reach agents only. */
const CONTACT_EVENTS = new Set([
  MessageEvents.created,
  MessageEvents.updated,
  ConversationEvents.created,
  ConversationEvents.statusChanged,
  ConversationEvents.updated,
  ConversationEvents.typingOn,
  ConversationEvents.typingOff,
]);

interface FanoutData {
  conversation: ConversationSnapshot;
  message?: Message;
  user?: Typist;
}

/** An event's frames as one message, with the id JetStream de-duplicates a redelivered one by. */
interface Publication {
  message: RealtimeFrame | RealtimeFrameBatch;
  id: string;
}

/**
 * Turns conversation and message events into `/cable` frames, with their recipients computed
 * here where membership and privacy are known: the inbox's members and the account's
 * administrators get what the REST API shows them; the contact's tokens get the public shapes,
 * never a private note or an activity line; a typer never gets its own typing. An event's frames
 * (the agents', the contact's) are published as one message, once per event (JetStream drops a
 * redelivered one), for every gateway replica to fan out.
 *
 * A batch at a time (the events that waited while the last batch went out): recipients are
 * looked up once per inbox and per contact of the batch, side by side, and the frames are
 * published together, in event order — one connection's publishes enter the stream in the
 * order they were sent, so a conversation's frames keep their order. The batch is acknowledged
 * after every publish was; a failure redelivers it, and the frames already stored are dropped
 * as duplicates by their ids.
 */
@Injectable()
export class RealtimeFanoutConsumer {
  constructor(
    private readonly identity: IdentityLoader,
    private readonly bus: EventBus,
    private readonly rpc: RpcClient,
  ) {}

  @OnEventsIdempotent(Object.keys(EVENT_NAMES) as EventType[], { purpose: 'realtime_fanout' })
  async onEvents(events: Array<EventEnvelope<FanoutData>>): Promise<void> {
    const agents = new Lookups((keys: string[]) =>
      Promise.all(
        keys.map((key) => {
          const [accountId, inboxId] = key.split(':').map(Number);
          return this.identity.cableTokensOf(accountId, inboxId, membersOfInbox('$2'));
        }),
      ),
    );
    // Every contact of the batch in one request: one round trip through contacts, not one per conversation.
    const contacts = new Lookups(async (keys: string[]) => {
      const links = keys.map((key) => {
        const [account_id, inbox_id, source_id] = JSON.parse(key) as [number, number, string];
        return { account_id, inbox_id, source_id };
      });
      return (await this.rpc.send(RealtimePatterns.contactTokens, { links })).tokens;
    });
    for (const event of events) {
      const { conversation } = event.data;
      agents.want(`${conversation.account_id}:${conversation.inbox_id}`);
      if (forContact(event))
        contacts.want(
          JSON.stringify([conversation.account_id, conversation.inbox_id, conversation.contact_inbox.source_id]),
        );
    }
    await Promise.all([agents.load(), contacts.load()]);
    const publications = events.flatMap((event) => publicationOf(event.id, this.framesOf(event, agents, contacts)));
    await Promise.all(publications.map(({ message, id }) => this.bus.publishRealtime(message, id)));
  }

  private framesOf(
    event: EventEnvelope<FanoutData>,
    agentTokens: Lookups<Array<{ id: number; token: string }>>,
    contactTokens: Lookups<string[]>,
  ): RealtimeFrame[] {
    const name = EVENT_NAMES[event.type];
    const { conversation, message, user } = event.data;
    const accountId = conversation.account_id;
    const typist = user ? { ...user, type: user.type ?? 'user' } : null;
    const frames: RealtimeFrame[] = [];
    const agents = agentTokens
      .get(`${accountId}:${conversation.inbox_id}`)
      .filter((agent) => !(typist?.type === 'user' && agent.id === typist.id))
      .map((agent) => agent.token);
    const agentData = message
      ? { ...message, conversation_id: conversation.id, account_id: accountId }
      : typist
        ? { conversation, user: typist, is_private: false, account_id: accountId }
        : { ...conversation, account_id: accountId };
    if (agents.length > 0) frames.push({ streams: agents, event: name, data: agentData });
    if (!forContact(event)) return frames;
    const tokens = contactTokens.get(
      JSON.stringify([accountId, conversation.inbox_id, conversation.contact_inbox.source_id]),
    );
    if (tokens.length === 0) return frames;
    // The contact's own messages come back too: `echo_id` lets its client drop the copy it shows already.
    const contactData = message
      ? { ...toPublicMessage(message), ...(message.echo_id ? { echo_id: message.echo_id } : {}), account_id: accountId }
      : typist
        ? { conversation: { id: conversation.id }, user: typist, is_private: false, account_id: accountId }
        : { id: conversation.id, inbox_id: conversation.inbox_id, status: conversation.status, account_id: accountId };
    frames.push({ streams: tokens, event: name, data: contactData });
    return frames;
  }
}

/** One JetStream publish per event, not one per side: a lone frame as it is, both sides as a batch. */
function publicationOf(eventId: string, frames: RealtimeFrame[]): Publication[] {
  if (frames.length === 0) return [];
  return [{ message: frames.length === 1 ? frames[0] : { frames }, id: `${eventId}:frames` }];
}

/** Whether the contact's side receives the event: the CT set, never a note, an activity line or its own typing. */
function forContact({ type, data: { message, user } }: EventEnvelope<FanoutData>): boolean {
  return (
    CONTACT_EVENTS.has(type as never) &&
    !(message && (message.private || message.message_type === 'activity')) &&
    user?.type !== 'contact'
  );
}

/** Look-ups a batch needs, each key asked once: `fetch` answers the keys' values in their order. */
class Lookups<T> {
  private readonly wanted = new Set<string>();
  private readonly found = new Map<string, T>();

  constructor(private readonly fetch: (keys: string[]) => Promise<T[]>) {}

  want(key: string): void {
    this.wanted.add(key);
  }

  async load(): Promise<void> {
    const keys = [...this.wanted];
    if (keys.length === 0) return;
    const values = await this.fetch(keys);
    keys.forEach((key, index) => this.found.set(key, values[index]));
  }

  get(key: string): T {
    return this.found.get(key)!;
  }
}
