/** In the order of their integer codes (`incoming` = 0 … `template` = 3). */
export const MESSAGE_TYPES = ['incoming', 'outgoing', 'activity', 'template'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
/** What a message is when the request names no type: an agent's reply. */
export const DEFAULT_MESSAGE_TYPE: MessageType = 'outgoing';

export const CONTENT_TYPES = ['text', 'input_select', 'cards', 'form'] as const;
/** The satisfaction survey messaging sends on resolve; written by the system only (clients cannot send one). */
export const CSAT_CONTENT_TYPE = 'input_csat';
export type ContentType = (typeof CONTENT_TYPES)[number] | typeof CSAT_CONTENT_TYPE;
/** Where a survey message keeps the unguessable token its rating is posted with. */
export const CSAT_TOKEN_ATTRIBUTE = 'csat_survey_token';
/** And the link to the survey page (`{PUBLIC_URL}/survey/responses/{token}`) the customer answers on. */
export const CSAT_URL_ATTRIBUTE = 'csat_survey_url';

export const MESSAGE_STATUSES = ['sent', 'delivered', 'read', 'failed', 'received'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export const FILE_TYPES = ['image', 'audio', 'video', 'file', 'sticker'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** Largest upload per kind of file, in bytes (the contract's media table). */
export const ATTACHMENT_SIZE_LIMITS: Record<FileType, number> = {
  image: 5 * 1024 * 1024,
  audio: 16 * 1024 * 1024,
  video: 32 * 1024 * 1024,
  file: 100 * 1024 * 1024,
  sticker: 500 * 1024,
};

export interface Attachment {
  id: number;
  message_id: number;
  file_type: FileType;
  extension: string | null;
  /** A signed link that expires; ask for the message again for a fresh one. */
  data_url: string;
  thumb_url: string | null;
  file_size: number;
}

export interface MessageSender {
  id: number;
  name: string | null;
  type: 'contact' | 'user' | 'agent_bot';
  thumbnail: string | null;
}

export interface TemplateParams {
  name: string;
  language: string;
  category?: TemplateCategory;
  processed_params?: Record<string, string>;
}

export interface Message {
  id: number;
  content: string | null;
  account_id: number;
  inbox_id: number;
  /** The conversation's display id. */
  conversation_id: number;
  message_type: MessageType;
  content_type: ContentType;
  content_attributes: Record<string, unknown>;
  status: MessageStatus;
  private: boolean;
  source_id: string | null;
  echo_id: string | null;
  sender: MessageSender | null;
  attachments: Attachment[];
  external_error: string | null;
  created_at: number;
  updated_at: number;
}

/** A file the gateway has stored already; the message refers to it. */
export interface StoredFile {
  storage_key: string;
  file_name: string;
  content_type: string;
  file_size: number;
}

export interface CreateMessageInput {
  content?: string | null;
  message_type?: MessageType;
  private?: boolean;
  content_type?: ContentType;
  content_attributes?: Record<string, unknown>;
  template_params?: TemplateParams;
  /** Client-chosen id: a retried create with the same echo_id (or source_id) returns the first message. */
  echo_id?: string | null;
  source_id?: string | null;
  files?: StoredFile[];
}

export interface MessagesQuery {
  /** Messages older than this id (20 of them). */
  before?: number;
  /** Messages newer than this id (up to 100). */
  after?: number;
}

export interface MessagesPage {
  meta: {
    labels: string[];
    additional_attributes: Record<string, unknown>;
    contact: { id: number; name: string | null } | null;
    assignee: { id: number; name: string; available_name: string } | null;
    agent_last_seen_at: number | null;
  };
  payload: Message[];
}
