import {
  CampaignEvents,
  ContactEvents,
  ConversationEvents,
  KanbanEvents,
  MessageEvents,
  type ConversationSnapshot,
  type EventEnvelope,
  type KanbanItem,
  type Message,
} from '@parley/contracts';
import { accountPayload } from './account-payload.mapper';
import { inboxCallbackPayload } from './inbox-callback-payload.mapper';
import { toPublicEvent, type SourceEvent } from './public-event.mapper';

const conversation: ConversationSnapshot = {
  id: 7,
  display_id: 7,
  account_id: 3,
  inbox_id: 11,
  contact_id: 21,
  status: 'open',
  assignee_id: null,
  team_id: null,
  priority: null,
  labels: [],
  muted: false,
  snoozed_until: null,
  can_reply: true,
  unread_count: 0,
  messages_count: 1,
  agent_last_seen_at: null,
  contact_last_seen_at: null,
  timestamp: 1_700_000_000,
  last_activity_at: 1_700_000_000,
  waiting_since: null,
  first_reply_created_at: null,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  custom_attributes: {},
  additional_attributes: {},
  campaign_id: null,
  contact_inbox: { contact_id: 21, inbox_id: 11, source_id: 'ada-chat-1' },
  meta: {
    sender: {
      id: 21,
      name: 'Ada',
      email: 'ada@example.com',
      phone_number: '+15550001',
      identifier: 'ada-1',
      thumbnail: null,
      blocked: false,
    },
    assignee: null,
    team: null,
    channel: 'Channel::Api',
  },
};

const message: Message = {
  id: 99,
  content: 'Hello',
  account_id: 3,
  inbox_id: 11,
  conversation_id: 7,
  message_type: 'incoming',
  content_type: 'text',
  content_attributes: {},
  status: 'received',
  private: false,
  source_id: null,
  echo_id: null,
  sender: { id: 21, name: 'Ada', type: 'contact', thumbnail: null },
  attachments: [],
  external_error: null,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
};

function envelope<T extends SourceEvent['type']>(type: T, data: unknown): SourceEvent {
  return {
    id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    type,
    version: 1,
    account_id: 3,
    occurred_at: '2023-11-14T22:13:20.500Z',
    data,
    meta: { actor: { type: 'system', id: null }, correlation_id: null, origin: 'api' },
  } as EventEnvelope as SourceEvent;
}

const account = { id: 3, name: 'Acme' };

describe('public events', () => {
  it('names each internal event by its public name', () => {
    expect(toPublicEvent(envelope(ConversationEvents.created, { conversation }))?.name).toBe('conversation_created');
    expect(toPublicEvent(envelope(ConversationEvents.resolved, { conversation }))?.name).toBe('conversation_resolved');
    expect(
      toPublicEvent(envelope(ConversationEvents.typingOff, { conversation, user: { id: 1, name: 'Bo' } }))?.name,
    ).toBe('conversation_typing_off');
    expect(toPublicEvent(envelope(MessageEvents.created, { message, conversation }))?.name).toBe('message_created');
    expect(toPublicEvent(envelope(ContactEvents.updated, { contact: {}, changed_attributes: [] }))?.name).toBe(
      'contact_updated',
    );
  });

  it('posts a campaign trigger as webwidget_triggered about the conversation it started', () => {
    const event = toPublicEvent(
      envelope(CampaignEvents.webwidgetTriggered, {
        conversation,
        campaign: { id: 4, title: 'Nudge' },
        url: 'https://a.example/',
        time_on_page: 5,
      }),
    );
    expect(event).toMatchObject({ name: 'webwidget_triggered', resource: conversation, conversation });
  });

  it('leaves activity messages out', () => {
    const activity = { ...message, message_type: 'activity' };
    expect(toPublicEvent(envelope(MessageEvents.created, { message: activity, conversation }))).toBeNull();
    expect(
      toPublicEvent(envelope(MessageEvents.updated, { message: activity, conversation, changed_attributes: [] })),
    ).toBeNull();
  });

  it('turns a status change into changed_attributes', () => {
    const resolved = { ...conversation, status: 'resolved' };
    const event = toPublicEvent(
      envelope(ConversationEvents.statusChanged, { conversation: resolved, previous_status: 'open' }),
    );
    expect(event?.changedAttributes).toEqual([{ status: { previous_value: 'open', current_value: 'resolved' } }]);
  });
});

describe('account webhook payload', () => {
  it('wraps the resource with the event id, name, Unix time and account', () => {
    const event = toPublicEvent(envelope(ConversationEvents.created, { conversation }))!;
    expect(accountPayload(event, account)).toEqual({
      id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
      event: 'conversation_created',
      created_at: 1_700_000_000,
      account: { id: 3, name: 'Acme' },
      data: conversation,
    });
  });

  it('adds changed_attributes to update events', () => {
    const changes = [{ content: { previous_value: 'Hello', current_value: 'Hi' } }];
    const event = toPublicEvent(
      envelope(MessageEvents.updated, { message, conversation, changed_attributes: changes }),
    )!;
    expect(accountPayload(event, account)).toMatchObject({
      event: 'message_updated',
      data: message,
      changed_attributes: changes,
    });
  });

  it('names the typing user', () => {
    const event = toPublicEvent(envelope(ConversationEvents.typingOn, { conversation, user: { id: 5, name: 'Bo' } }))!;
    expect(accountPayload(event, account)).toMatchObject({
      event: 'conversation_typing_on',
      data: conversation,
      user: { id: 5, name: 'Bo' },
    });
  });
});

describe('API inbox callback payload', () => {
  const inbox = { id: 11, name: 'Bridge' };

  it('puts a message at top level with sender, conversation, inbox and account', () => {
    const event = toPublicEvent(envelope(MessageEvents.created, { message, conversation }))!;
    const body = inboxCallbackPayload(event, account, inbox);
    expect(body).toMatchObject({
      event: 'message_created',
      id: 99,
      content: 'Hello',
      message_type: 'incoming',
      sender: { id: 21, name: 'Ada', type: 'contact', email: 'ada@example.com', identifier: 'ada-1' },
      conversation: {
        id: 7,
        inbox_id: 11,
        contact_inbox: { contact_id: 21, inbox_id: 11, source_id: 'ada-chat-1' },
        meta: { sender: { id: 21 } },
      },
      inbox: { id: 11, name: 'Bridge' },
      account: { id: 3, name: 'Acme' },
    });
    expect(body).not.toHaveProperty('data');
  });

  it('keeps an agent sender as the message names it', () => {
    const outgoing = {
      ...message,
      message_type: 'outgoing',
      sender: { id: 2, name: 'Agent', type: 'user', thumbnail: null },
    };
    const event = toPublicEvent(envelope(MessageEvents.created, { message: outgoing, conversation }))!;
    expect(inboxCallbackPayload(event, account, inbox).sender).toEqual({
      id: 2,
      name: 'Agent',
      type: 'user',
      thumbnail: null,
    });
  });

  it('puts a conversation at top level, with its changes', () => {
    const changes = [{ priority: { previous_value: null, current_value: 'high' } }];
    const event = toPublicEvent(envelope(ConversationEvents.updated, { conversation, changed_attributes: changes }))!;
    expect(inboxCallbackPayload(event, account, inbox)).toMatchObject({
      event: 'conversation_updated',
      id: 7,
      status: 'open',
      contact_inbox: { source_id: 'ada-chat-1' },
      changed_attributes: changes,
    });
  });

  it('names the user and the conversation of a typing event', () => {
    const event = toPublicEvent(envelope(ConversationEvents.typingOn, { conversation, user: { id: 5, name: 'Bo' } }))!;
    expect(inboxCallbackPayload(event, account, inbox)).toMatchObject({
      event: 'conversation_typing_on',
      user: { id: 5, name: 'Bo' },
      conversation: { id: 7 },
    });
  });
});

describe('Kanban card events', () => {
  const item = {
    id: 12,
    account_id: 3,
    funnel_id: 4,
    funnel_stage: 'won',
    position: 1,
    conversation_display_id: null,
    assigned_agents: [],
    item_details: {
      title: 'Deal',
      description: null,
      status: 'won',
      priority: null,
      value: 10,
      currency: null,
      conversation_id: null,
    },
    custom_attributes: {},
    stage_entered_at: '2023-11-14T22:13:20.500Z',
    created_at: '2023-11-14T22:13:20.500Z',
    updated_at: '2023-11-14T22:13:20.500Z',
  } satisfies KanbanItem;

  it('reach account webhooks under their own names, the card as data', () => {
    const event = toPublicEvent(envelope(KanbanEvents.itemCreated, { item }))!;
    expect(accountPayload(event, account)).toMatchObject({ event: 'kanban.item.created', data: item });
    expect(event.conversation).toBeNull();
  });

  it('say what a move and a status change changed', () => {
    const moved = toPublicEvent(
      envelope(KanbanEvents.itemStageChanged, { item, previous_funnel_id: 2, previous_stage: 'lead' }),
    )!;
    expect(moved.changedAttributes).toEqual([
      { funnel_stage: { previous_value: 'lead', current_value: 'won' } },
      { funnel_id: { previous_value: 2, current_value: 4 } },
    ]);
    const status = toPublicEvent(envelope(KanbanEvents.itemStatusChanged, { item, previous_status: 'open' }))!;
    expect(status).toMatchObject({
      name: 'kanban.item.status_changed',
      changedAttributes: [{ status: { previous_value: 'open', current_value: 'won' } }],
    });
  });
});
