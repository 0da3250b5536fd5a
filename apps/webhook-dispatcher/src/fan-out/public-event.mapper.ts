import {
  ContactEvents,
  ConversationEvents,
  KanbanEvents,
  MessageEvents,
  WEBHOOK_EVENT_OF_TYPE,
  type ChangedAttributes,
  type ContactSnapshot,
  type ConversationSnapshot,
  type EventEnvelope,
  type EventMap,
  type KanbanItem,
  type Message,
  type WebhookEventName,
  type WebhookSourceEventType,
} from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';

export type SourceEvent = { [T in WebhookSourceEventType]: EventEnvelope<EventMap[T], T> }[WebhookSourceEventType];

/** What a source event says, in the terms webhook payloads need. */
export interface PublicEvent {
  id: string;
  name: WebhookEventName;
  accountId: number;
  createdAt: number;
  /** The resource as the REST API shows it. */
  resource: ConversationSnapshot | Message | ContactSnapshot | KanbanItem;
  changedAttributes: ChangedAttributes | null;
  /** The conversation a conversation, message or typing event belongs to. */
  conversation: ConversationSnapshot | null;
  message: Message | null;
  /** Who is typing, for typing events. */
  user: { id: number; name: string } | null;
}

/** The public form of an event, or null when webhooks do not get it (activity messages). */
export function toPublicEvent(event: SourceEvent): PublicEvent | null {
  const base = {
    id: event.id,
    name: WEBHOOK_EVENT_OF_TYPE[event.type],
    accountId: event.account_id!,
    createdAt: toUnixSeconds(new Date(event.occurred_at)),
    changedAttributes: null,
    conversation: null,
    message: null,
    user: null,
  };
  switch (event.type) {
    case ContactEvents.created:
      return { ...base, resource: event.data.contact };
    case ContactEvents.updated:
      return { ...base, resource: event.data.contact, changedAttributes: event.data.changed_attributes };
    case MessageEvents.created:
    case MessageEvents.updated: {
      const { message, conversation } = event.data;
      // Activity entries (assignment, status change) are for agents, not for integrations.
      if (message.message_type === 'activity') return null;
      const changedAttributes = event.type === MessageEvents.updated ? event.data.changed_attributes : null;
      return { ...base, resource: message, message, conversation, changedAttributes };
    }
    case ConversationEvents.updated:
      return {
        ...base,
        resource: event.data.conversation,
        conversation: event.data.conversation,
        changedAttributes: event.data.changed_attributes,
      };
    case ConversationEvents.statusChanged: {
      const { conversation, previous_status } = event.data;
      const changedAttributes = [{ status: { previous_value: previous_status, current_value: conversation.status } }];
      return { ...base, resource: conversation, conversation, changedAttributes };
    }
    case KanbanEvents.itemCreated:
      return { ...base, resource: event.data.item };
    case KanbanEvents.itemUpdated:
      return { ...base, resource: event.data.item, changedAttributes: event.data.changed_attributes };
    case KanbanEvents.itemStageChanged: {
      const { item, previous_stage, previous_funnel_id } = event.data;
      const changedAttributes: ChangedAttributes = [
        { funnel_stage: { previous_value: previous_stage, current_value: item.funnel_stage } },
      ];
      if (previous_funnel_id !== item.funnel_id)
        changedAttributes.push({ funnel_id: { previous_value: previous_funnel_id, current_value: item.funnel_id } });
      return { ...base, resource: item, changedAttributes };
    }
    case KanbanEvents.itemStatusChanged: {
      const { item, previous_status } = event.data;
      return {
        ...base,
        resource: item,
        changedAttributes: [{ status: { previous_value: previous_status, current_value: item.item_details.status } }],
      };
    }
    case ConversationEvents.typingOn:
    case ConversationEvents.typingOff:
      return {
        ...base,
        resource: event.data.conversation,
        conversation: event.data.conversation,
        user: event.data.user,
      };
    default:
      return { ...base, resource: event.data.conversation, conversation: event.data.conversation };
  }
}
