import { Injectable } from '@nestjs/common';
import {
  ConversationEvents,
  MessageEvents,
  RealtimePatterns,
  type ConversationSnapshot,
  type EventEnvelope,
  type EventType,
  type Message,
  type Typist,
} from '@parley/contracts';
import { EventBus, OnEvents, RpcClient } from '@parley/service-kit';
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

/**
 * Turns conversation and message events into `/cable` frames, with their recipients computed
 * here where membership and privacy are known: the inbox's members and the account's
 * administrators get what the REST API shows them; the contact's tokens get the public shapes,
 * never a private note or an activity line; a typer never gets its own typing. Published once
 * per event (JetStream drops a redelivered one), for every gateway replica to fan out.
 */
@Injectable()
export class RealtimeFanoutConsumer {
  constructor(
    private readonly identity: IdentityLoader,
    private readonly bus: EventBus,
    private readonly rpc: RpcClient,
  ) {}

  @OnEvents(Object.keys(EVENT_NAMES) as EventType[], { purpose: 'realtime_fanout' })
  async onEvents(events: Array<EventEnvelope<FanoutData>>): Promise<void> {
    for (const event of events) await this.fanOut(event);
  }

  private async fanOut(event: EventEnvelope<FanoutData>): Promise<void> {
    const name = EVENT_NAMES[event.type];
    const { conversation, message, user } = event.data;
    const accountId = conversation.account_id;
    const typist = user ? { ...user, type: user.type ?? 'user' } : null;
    const agents = (await this.identity.cableTokensOf(accountId, conversation.inbox_id, membersOfInbox('$2')))
      .filter((agent) => !(typist?.type === 'user' && agent.id === typist.id))
      .map((agent) => agent.token);
    const agentData = message
      ? { ...message, conversation_id: conversation.id, account_id: accountId }
      : typist
        ? { conversation, user: typist, is_private: false, account_id: accountId }
        : { ...conversation, account_id: accountId };
    if (agents.length > 0)
      await this.bus.publishRealtime({ streams: agents, event: name, data: agentData }, `${event.id}:agents`);
    const forContact =
      CONTACT_EVENTS.has(event.type as never) &&
      !(message && (message.private || message.message_type === 'activity')) &&
      typist?.type !== 'contact';
    if (!forContact) return;
    const { tokens } = await this.rpc.send(RealtimePatterns.contactTokens, {
      account_id: accountId,
      inbox_id: conversation.inbox_id,
      source_id: conversation.contact_inbox.source_id,
    });
    if (tokens.length === 0) return;
    // The contact's own messages come back too: `echo_id` lets its client drop the copy it shows already.
    const contactData = message
      ? { ...toPublicMessage(message), ...(message.echo_id ? { echo_id: message.echo_id } : {}), account_id: accountId }
      : typist
        ? { conversation: { id: conversation.id }, user: typist, is_private: false, account_id: accountId }
        : { id: conversation.id, inbox_id: conversation.inbox_id, status: conversation.status, account_id: accountId };
    await this.bus.publishRealtime({ streams: tokens, event: name, data: contactData }, `${event.id}:contact`);
  }
}
