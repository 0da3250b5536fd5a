import type { ContentType, MessageSender, MessageType } from '../messages/message.types';
import type { ConversationSnapshot } from './conversation.events';
import type { ConversationStatus } from './conversation.types';

/** A page of messaging's history: what another context rebuilds its model from (reporting). */
export interface HistoryQuery {
  /** One account's history; absent: every account's. */
  account_id?: number;
  /** Keyset: conversations after this internal id (the previous page's `next_after`). */
  after?: number;
  /** Conversations per page (bounded by HISTORY_PAGE_MAX). */
  limit?: number;
  /** Unix seconds: only what happened before (conversations created, messages written, status changes). */
  before: number;
}

export const HISTORY_PAGE_MAX = 200;

export interface HistoryMessage {
  id: number;
  created_at: number;
  message_type: MessageType;
  private: boolean;
  content_type: ContentType;
  sender: Pick<MessageSender, 'id' | 'type'> | null;
  /** Who produced it (`api`, `automation:<rule id>`, …); null: written before origins were kept. */
  origin: string | null;
}

export interface HistoryStatusChange {
  from: ConversationStatus;
  to: ConversationStatus;
  at: number;
  /** True: no change was recorded (the conversation predates the record); one change open → resolved at its last activity stands for them. */
  approximated: boolean;
}

export interface HistoryConversation {
  conversation: ConversationSnapshot;
  messages: HistoryMessage[];
  status_changes: HistoryStatusChange[];
}

export interface HistoryPage {
  conversations: HistoryConversation[];
  /** Pass as `after` for the next page; null: this was the last page. */
  next_after: number | null;
}
