import type { ChangedAttributes } from '../events/changed-attributes';
import type { Message } from '../messages/message.types';
import type { Conversation, ConversationStatus } from './conversation.types';

export const ConversationEvents = {
  created: 'messaging.conversation.created',
  updated: 'messaging.conversation.updated',
  statusChanged: 'messaging.conversation.status_changed',
  opened: 'messaging.conversation.opened',
  resolved: 'messaging.conversation.resolved',
  assigneeChanged: 'messaging.conversation.assignee_changed',
  teamChanged: 'messaging.conversation.team_changed',
  typingOn: 'messaging.conversation.typing_on',
  typingOff: 'messaging.conversation.typing_off',
  deleted: 'messaging.conversation.deleted',
  /** The contact read it (the public API's `update_last_seen`). */
  read: 'messaging.conversation.read',
  /** Its contact changed (the contact was merged into another). */
  contactChanged: 'messaging.conversation.contact_changed',
} as const;

export const MessageEvents = {
  created: 'messaging.message.created',
  updated: 'messaging.message.updated',
  /** The conversation's first reply from an agent (it set `first_reply_created_at`). */
  firstReplyCreated: 'messaging.message.first_reply_created',
} as const;

/** The conversation as the REST API shows it (without its messages). */
export type ConversationSnapshot = Omit<Conversation, 'messages' | 'last_non_activity_message'>;

/** Who is typing: an agent (no `type`, as events before contacts could type) or the contact. */
export interface Typist {
  id: number;
  name: string;
  type?: 'user' | 'contact';
}

export interface ConversationEventMap {
  [ConversationEvents.created]: { conversation: ConversationSnapshot };
  [ConversationEvents.updated]: { conversation: ConversationSnapshot; changed_attributes: ChangedAttributes };
  [ConversationEvents.statusChanged]: { conversation: ConversationSnapshot; previous_status: ConversationStatus };
  [ConversationEvents.opened]: { conversation: ConversationSnapshot };
  [ConversationEvents.resolved]: { conversation: ConversationSnapshot };
  [ConversationEvents.assigneeChanged]: { conversation: ConversationSnapshot; previous_assignee_id: number | null };
  [ConversationEvents.teamChanged]: { conversation: ConversationSnapshot; previous_team_id: number | null };
  [ConversationEvents.typingOn]: { conversation: ConversationSnapshot; user: Typist };
  [ConversationEvents.typingOff]: { conversation: ConversationSnapshot; user: Typist };
  [ConversationEvents.deleted]: { conversation: ConversationSnapshot };
  [ConversationEvents.read]: { conversation: ConversationSnapshot };
  [ConversationEvents.contactChanged]: { conversation: ConversationSnapshot; previous_contact_id: number };
  /** Every message, activity ones included (`message.message_type` tells them apart). */
  [MessageEvents.created]: { message: Message; conversation: ConversationSnapshot };
  [MessageEvents.firstReplyCreated]: { message: Message; conversation: ConversationSnapshot };
  [MessageEvents.updated]: {
    message: Message;
    conversation: ConversationSnapshot;
    changed_attributes: ChangedAttributes;
  };
}
