import type { ContentType, MessageSender, MessageStatus, MessageType, TemplateParams } from '@parley/contracts';
import type { JsonRow } from '@parley/service-kit';
import { attachmentsOfMessageJson, type StoredAttachmentRow } from './attachment.row';
import type { ConversationCounters } from './conversation.row';

/** @owns messaging.messages */

/** The columns of `messaging.messages` as raw SQL returns them. */
export interface MessageRow {
  id: number;
  account_id: number;
  /** The conversation's internal id. */
  conversation_id: number;
  inbox_id: number;
  content: string | null;
  message_type: MessageType;
  content_type: ContentType;
  content_attributes: Record<string, unknown>;
  status: MessageStatus;
  private: boolean;
  source_id: string | null;
  echo_id: string | null;
  sender_type: MessageSender['type'] | null;
  sender_id: number | null;
  external_error: string | null;
  template_params: TemplateParams | null;
  created_at: Date;
  updated_at: Date;
}

/** A message with what the API shows beside it: its conversation's number and its sender. */
export interface MessageViewRow extends Omit<MessageRow, 'conversation_id' | 'template_params'> {
  display_id: number;
  sender_name: string | null;
  sender_thumbnail: string | null;
}

/** Each column of MessageViewRow over `m`, its conversation `c` and its sender (`u`: a user, `cv`: a contact). */
const MESSAGE_VIEW_COLUMNS: Record<keyof MessageViewRow, string> = {
  id: 'm.id',
  account_id: 'm.account_id',
  inbox_id: 'm.inbox_id',
  display_id: 'c.display_id',
  content: 'm.content',
  message_type: 'm.message_type',
  content_type: 'm.content_type',
  content_attributes: 'm.content_attributes',
  status: 'm.status',
  private: 'm.private',
  source_id: 'm.source_id',
  echo_id: 'm.echo_id',
  sender_type: 'm.sender_type',
  sender_id: 'm.sender_id',
  external_error: 'm.external_error',
  created_at: 'm.created_at',
  updated_at: 'm.updated_at',
  sender_name: "CASE m.sender_type WHEN 'user' THEN coalesce(u.display_name, u.name) WHEN 'contact' THEN cv.name END",
  sender_thumbnail: "CASE m.sender_type WHEN 'contact' THEN cv.thumbnail END",
};
const MESSAGE_VIEW_KEYS = Object.keys(MESSAGE_VIEW_COLUMNS) as Array<keyof MessageViewRow>;

/** The select list of MessageViewRow, each column named `<prefix><column>`. */
function messageViewColumns(prefix: string): string {
  return MESSAGE_VIEW_KEYS.map((key) => `${MESSAGE_VIEW_COLUMNS[key]} AS ${prefix}${key}`).join(', ');
}

const MESSAGE_SENDER_JOINS = `
    LEFT JOIN messaging.users u ON m.sender_type = 'user' AND u.id = m.sender_id
    LEFT JOIN messaging.contacts_view cv ON m.sender_type = 'contact' AND cv.id = m.sender_id`;

/** Messages as MessageViewRow; the caller adds the WHERE (over `m`). */
export const MESSAGES_VIEW = `
  SELECT ${messageViewColumns('')}
    FROM messaging.messages m
    JOIN messaging.conversations c ON c.id = m.conversation_id${MESSAGE_SENDER_JOINS}`;

/** The prefix of the last non-activity message's columns in a row of the conversation list (LAST_MESSAGE_JOIN). */
const LAST_MESSAGE = 'lm_';

/** The columns LAST_MESSAGE_JOIN adds to a conversation's row: MessageViewRow's, prefixed, and the attachments. */
export type LastMessageColumns = { [K in keyof MessageViewRow as `lm_${K}`]: MessageViewRow[K] | null } & {
  lm_attachments: StoredAttachmentRow[] | null;
};

/**
 * The last non-activity message of conversation `c` as LastMessageColumns (all null when it has
 * none): a lateral join, so a list reads its conversations' messages in its own statement. Its
 * `u` and `cv` (the sender) hide the conversation's own within it.
 */
export const LAST_MESSAGE_JOIN = `
    LEFT JOIN LATERAL (
      SELECT ${messageViewColumns(LAST_MESSAGE)}, ${attachmentsOfMessageJson('m.id')} AS ${LAST_MESSAGE}attachments
        FROM messaging.messages m${MESSAGE_SENDER_JOINS}
       WHERE m.id = c.last_non_activity_message_id) lm ON true`;

const LAST_MESSAGE_KEYS = MESSAGE_VIEW_KEYS.map((key) => [key, `${LAST_MESSAGE}${key}`] as const);

/** The MessageViewRow of LAST_MESSAGE_JOIN's columns (as JSON renders them), or null when the conversation has no such message. */
export function lastMessageOf(row: JsonRow<LastMessageColumns>): JsonRow<MessageViewRow> | null {
  if (row.lm_id === null) return null;
  const columns = row as unknown as Record<string, unknown>;
  const message: Record<string, unknown> = {};
  for (const [key, column] of LAST_MESSAGE_KEYS) message[key] = columns[column];
  return message as unknown as JsonRow<MessageViewRow>;
}

/** The messages of `$1` (ids) as MessageViewRow. */
export const MESSAGES_BY_IDS = `${MESSAGES_VIEW} WHERE m.id = ANY($1::int[])`;

/**
 * Inserts a message and moves its conversation's counters in one statement, so concurrent
 * writers hold the conversation's row only for this statement, the event insert and the commit.
 * GREATEST keeps the newest message when writers commit out of order. Parameters:
 * insertMessageParams; the result: InsertedMessage.
 */
export const INSERT_MESSAGE = `WITH m AS (
         INSERT INTO messaging.messages
           (account_id, conversation_id, inbox_id, content, message_type, content_type, content_attributes, status, private,
            source_id, echo_id, sender_type, sender_id, template_params, origin)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $18)
         RETURNING id, created_at, updated_at),
       c AS (
         UPDATE messaging.conversations SET
           last_message_id = GREATEST(last_message_id, m.id),
           last_non_activity_message_id = CASE WHEN $15 THEN last_non_activity_message_id ELSE GREATEST(last_non_activity_message_id, m.id) END,
           messages_count = messages_count + CASE WHEN $15 THEN 0 ELSE 1 END,
           last_activity_at = CASE WHEN $15 THEN last_activity_at ELSE GREATEST(last_activity_at, m.created_at) END,
           unread_count = CASE WHEN $16 THEN unread_count + 1 WHEN $17 THEN 0 ELSE unread_count END,
           last_incoming_at = CASE WHEN $16 THEN m.created_at ELSE last_incoming_at END,
           waiting_since = CASE WHEN $16 THEN coalesce(waiting_since, m.created_at) WHEN $17 THEN NULL ELSE waiting_since END,
           first_reply_created_at = CASE WHEN $17 THEN coalesce(first_reply_created_at, m.created_at) ELSE first_reply_created_at END,
           agent_last_seen_at = CASE WHEN $17 THEN m.created_at ELSE agent_last_seen_at END,
           updated_at = now()
         FROM m
         WHERE conversations.id = $2
         RETURNING conversations.messages_count, conversations.unread_count, conversations.last_message_id,
                   conversations.last_non_activity_message_id, conversations.last_incoming_at, conversations.last_activity_at,
                   conversations.waiting_since, conversations.first_reply_created_at, conversations.agent_last_seen_at,
                   conversations.updated_at AS conversation_updated_at)
       SELECT m.id, m.created_at, m.updated_at, c.* FROM m, c`;

/** The new message's columns the statement sets; `origin`: who produced it (the request's origin), kept for reports. */
export type MessageInsert = Omit<MessageRow, 'id' | 'external_error' | 'created_at' | 'updated_at'> & {
  origin: string | null;
};

/** What INSERT_MESSAGE answers: the message's id and times, its conversation's new counters. */
export type InsertedMessage = Pick<MessageRow, 'id' | 'created_at' | 'updated_at'> &
  Omit<ConversationCounters, 'updated_at'> & { conversation_updated_at: Date };

export function insertMessageParams(message: MessageInsert): unknown[] {
  const activity = message.message_type === 'activity';
  const incoming = message.message_type === 'incoming';
  // An agent's reply: the customer is no longer waiting, and the agent has seen the conversation.
  const agentReply = !activity && !incoming && !message.private && message.sender_type === 'user';
  return [
    message.account_id,
    message.conversation_id,
    message.inbox_id,
    message.content,
    message.message_type,
    message.content_type,
    JSON.stringify(message.content_attributes),
    message.status,
    message.private,
    message.source_id,
    message.echo_id,
    message.sender_type,
    message.sender_id,
    message.template_params ? JSON.stringify(message.template_params) : null,
    activity,
    incoming,
    agentReply,
    message.origin,
  ];
}
