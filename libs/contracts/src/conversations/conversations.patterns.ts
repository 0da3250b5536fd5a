import type { MessagesPage, MessagesQuery, CreateMessageInput, Message } from '../messages/message.types';
import type { AccountScoped } from '../rpc/caller';
import type {
  AssignmentInput,
  Conversation,
  ConversationCounts,
  ConversationListQuery,
  ConversationPage,
  CreateConversationInput,
  FilterCondition,
  Priority,
  ToggleStatusInput,
  ToggleStatusResult,
} from './conversation.types';

export const ConversationPatterns = {
  list: 'messaging.conversations.list',
  meta: 'messaging.conversations.meta',
  filter: 'messaging.conversations.filter',
  show: 'messaging.conversations.show',
  create: 'messaging.conversations.create',
  assign: 'messaging.conversations.assign',
  assignBestAgent: 'messaging.conversations.assign_best_agent',
  toggleStatus: 'messaging.conversations.toggle_status',
  togglePriority: 'messaging.conversations.toggle_priority',
  listLabels: 'messaging.conversations.labels.list',
  setLabels: 'messaging.conversations.labels.set',
  changeLabels: 'messaging.conversations.labels.change',
  mute: 'messaging.conversations.mute',
  unmute: 'messaging.conversations.unmute',
  transcript: 'messaging.conversations.transcript',
  updateLastSeen: 'messaging.conversations.update_last_seen',
  toggleTyping: 'messaging.conversations.toggle_typing',
  setCustomAttributes: 'messaging.conversations.custom_attributes.set',
  ofContact: 'messaging.conversations.of_contact',
} as const;

export const MessagePatterns = {
  list: 'messaging.messages.list',
  create: 'messaging.messages.create',
  delete: 'messaging.messages.delete',
  sendAttachment: 'messaging.messages.send_attachment',
  existingAttachments: 'messaging.attachments.existing',
} as const;

/** A conversation is addressed by its per-account number. */
export interface ByDisplayId extends AccountScoped {
  display_id: number;
}

export interface ConversationsRpc {
  [ConversationPatterns.list]: {
    request: AccountScoped & { query: ConversationListQuery };
    response: ConversationPage;
  };
  [ConversationPatterns.meta]: {
    request: AccountScoped & { query: ConversationListQuery };
    response: ConversationCounts;
  };
  [ConversationPatterns.filter]: {
    request: AccountScoped & { payload: FilterCondition[]; page?: number };
    response: ConversationPage;
  };
  [ConversationPatterns.show]: { request: ByDisplayId; response: Conversation };
  [ConversationPatterns.create]: { request: AccountScoped & { data: CreateConversationInput }; response: Conversation };
  [ConversationPatterns.assign]: { request: ByDisplayId & { data: AssignmentInput }; response: Conversation };
  /** Auto-assignment's round-robin on request (automation's assign_best_agent). */
  /** `key`: a repeat of the same key (a retry after a crash) changes nothing and answers the conversation. */
  [ConversationPatterns.assignBestAgent]: { request: ByDisplayId & { key?: string }; response: Conversation };
  [ConversationPatterns.toggleStatus]: {
    request: ByDisplayId & { data: ToggleStatusInput };
    response: ToggleStatusResult;
  };
  [ConversationPatterns.togglePriority]: {
    request: ByDisplayId & { priority: Priority | null };
    response: Conversation;
  };
  [ConversationPatterns.listLabels]: { request: ByDisplayId; response: string[] };
  [ConversationPatterns.setLabels]: { request: ByDisplayId & { labels: string[] }; response: string[] };
  /** Adds and removes labels under the conversation's lock, whatever else changed them meanwhile (automation's label actions). */
  [ConversationPatterns.changeLabels]: {
    request: ByDisplayId & { add: string[]; remove: string[] };
    response: string[];
  };
  [ConversationPatterns.mute]: { request: ByDisplayId; response: Conversation };
  [ConversationPatterns.unmute]: { request: ByDisplayId; response: Conversation };
  [ConversationPatterns.transcript]: { request: ByDisplayId & { email: string }; response: null };
  [ConversationPatterns.updateLastSeen]: { request: ByDisplayId; response: Conversation };
  [ConversationPatterns.toggleTyping]: { request: ByDisplayId & { typing_status: 'on' | 'off' }; response: null };
  [ConversationPatterns.setCustomAttributes]: {
    request: ByDisplayId & { custom_attributes: Record<string, unknown> };
    response: Conversation;
  };
  [ConversationPatterns.ofContact]: { request: AccountScoped & { contact_id: number }; response: Conversation[] };

  [MessagePatterns.list]: { request: ByDisplayId & { query: MessagesQuery }; response: MessagesPage };
  [MessagePatterns.create]: { request: ByDisplayId & { data: CreateMessageInput }; response: Message };
  [MessagePatterns.delete]: { request: ByDisplayId & { message_id: number }; response: Message };
  /** An outgoing message carrying a copy of a stored attachment (automation's send_attachment); `echo_id` makes a retry answer the first. */
  [MessagePatterns.sendAttachment]: {
    request: ByDisplayId & { attachment_id: number; echo_id?: string | null };
    response: Message;
  };
  /** Which of the ids are attachments of the account. */
  [MessagePatterns.existingAttachments]: { request: AccountScoped & { ids: number[] }; response: number[] };
}
