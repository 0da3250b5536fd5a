import type {
  PublicContact,
  PublicContactInput,
  PublicConversation,
  PublicInbox,
  PublicMessage,
  PublicMessageInput,
  PublicWidgetInbox,
  SubmittedValue,
} from './public-api.types';

/**
 * The public client API (widgets and bridges, no access token): the gateway forwards each call
 * with the inbox's public token (`inbox_identifier` or `website_token`); messaging resolves it.
 */
export const PublicApiPatterns = {
  inbox: 'messaging.public.inboxes.show',
  /** Which kind of inbox a token names (the gateway's per-inbox limits apply to web widgets only). */
  inboxKind: 'messaging.public.inboxes.kind',
  /** A web-widget inbox's window settings (an API inbox's token is not found here). */
  widgetInbox: 'messaging.public.inboxes.widget',
  createContact: 'messaging.public.contacts.create',
  showContact: 'messaging.public.contacts.show',
  updateContact: 'messaging.public.contacts.update',
  listConversations: 'messaging.public.conversations.list',
  createConversation: 'messaging.public.conversations.create',
  showConversation: 'messaging.public.conversations.show',
  toggleStatus: 'messaging.public.conversations.toggle_status',
  toggleTyping: 'messaging.public.conversations.toggle_typing',
  updateLastSeen: 'messaging.public.conversations.update_last_seen',
  listMessages: 'messaging.public.messages.list',
  createMessage: 'messaging.public.messages.create',
  updateMessage: 'messaging.public.messages.update',
} as const;

export interface PublicInboxRef {
  inbox_token: string;
}
export interface PublicContactRef extends PublicInboxRef {
  contact_identifier: string;
}
export interface PublicConversationRef extends PublicContactRef {
  conversation_id: number;
}

/** What the gateway keeps of a public token: the inbox's kind and account (null: no such inbox). */
export interface PublicInboxKind {
  kind: 'api' | 'web_widget' | null;
  account_id: number | null;
}

export interface PublicApiRpc {
  [PublicApiPatterns.inbox]: { request: PublicInboxRef; response: PublicInbox };
  [PublicApiPatterns.inboxKind]: { request: PublicInboxRef; response: PublicInboxKind };
  [PublicApiPatterns.widgetInbox]: { request: PublicInboxRef; response: PublicWidgetInbox };
  [PublicApiPatterns.createContact]: {
    request: PublicInboxRef & { data: PublicContactInput };
    response: PublicContact;
  };
  [PublicApiPatterns.showContact]: { request: PublicContactRef; response: PublicContact };
  [PublicApiPatterns.updateContact]: {
    request: PublicContactRef & { data: PublicContactInput };
    response: PublicContact;
  };
  [PublicApiPatterns.listConversations]: { request: PublicContactRef; response: PublicConversation[] };
  [PublicApiPatterns.createConversation]: {
    request: PublicContactRef & { data: { custom_attributes?: Record<string, unknown> } };
    response: PublicConversation;
  };
  [PublicApiPatterns.showConversation]: { request: PublicConversationRef; response: PublicConversation };
  [PublicApiPatterns.toggleStatus]: { request: PublicConversationRef; response: PublicConversation };
  [PublicApiPatterns.toggleTyping]: {
    request: PublicConversationRef & { typing_status: 'on' | 'off' };
    response: null;
  };
  [PublicApiPatterns.updateLastSeen]: { request: PublicConversationRef; response: null };
  [PublicApiPatterns.listMessages]: { request: PublicConversationRef & { before?: number }; response: PublicMessage[] };
  [PublicApiPatterns.createMessage]: {
    request: PublicConversationRef & { data: PublicMessageInput };
    response: PublicMessage;
  };
  [PublicApiPatterns.updateMessage]: {
    request: PublicConversationRef & { message_id: number; data: { submitted_values: SubmittedValue[] } };
    response: PublicMessage;
  };
}
