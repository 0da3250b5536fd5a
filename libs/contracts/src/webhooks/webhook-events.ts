import { ContactEvents } from '../contacts/contact.events';
import { ConversationEvents, MessageEvents } from '../conversations/conversation.events';
import { KanbanEvents } from '../kanban/kanban.events';
import type { WebhookEventName } from './webhook.types';
import { CampaignEvents } from '../campaigns/campaign.events';

/**
 * Which internal event reaches webhooks under which public name. `message_created` is not
 * sent for activity messages (the dispatcher checks `message_type`).
 */
export const WEBHOOK_EVENT_OF_TYPE = {
  [ConversationEvents.created]: 'conversation_created',
  [ConversationEvents.updated]: 'conversation_updated',
  [ConversationEvents.statusChanged]: 'conversation_status_changed',
  [ConversationEvents.resolved]: 'conversation_resolved',
  [ConversationEvents.typingOn]: 'conversation_typing_on',
  [ConversationEvents.typingOff]: 'conversation_typing_off',
  [MessageEvents.created]: 'message_created',
  [MessageEvents.updated]: 'message_updated',
  [ContactEvents.created]: 'contact_created',
  [ContactEvents.updated]: 'contact_updated',
  [CampaignEvents.webwidgetTriggered]: 'webwidget_triggered',
  [KanbanEvents.itemCreated]: 'kanban.item.created',
  [KanbanEvents.itemUpdated]: 'kanban.item.updated',
  [KanbanEvents.itemStageChanged]: 'kanban.item.stage_changed',
  [KanbanEvents.itemStatusChanged]: 'kanban.item.status_changed',
} as const satisfies Record<string, WebhookEventName>;

export type WebhookSourceEventType = keyof typeof WEBHOOK_EVENT_OF_TYPE;
