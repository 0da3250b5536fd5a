import { Injectable } from '@nestjs/common';
import {
  MessageEvents,
  type Attachment,
  type ContentType,
  type ConversationSnapshot,
  type Message,
  type MessageStatus,
  type MessageType,
  type StoredFile,
  type TemplateParams,
} from '@parley/contracts';
import { fileTypeOf, toUnixSeconds, type Emit } from '@parley/service-kit';
import { extname } from 'node:path';
import type { EntityManager } from 'typeorm';
import { ConversationLoader } from './conversation.loader';
import { canReplyAt } from './messaging-window.rules';
import type { ConversationEntity } from './persistence/conversation.orm-entity';
import { MessageLoader, type AttachmentRow } from './message.loader';

export interface NewMessage {
  content: string | null;
  messageType: MessageType;
  contentType?: ContentType;
  contentAttributes?: Record<string, unknown>;
  private?: boolean;
  sourceId?: string | null;
  echoId?: string | null;
  senderType?: 'contact' | 'user' | 'agent_bot' | null;
  senderId?: number | null;
  /** The agent's name, when the caller knows it already (contacts' names come from the conversation). */
  senderName?: string | null;
  templateParams?: TemplateParams | null;
  files?: StoredFile[];
}

interface Counters {
  messages_count: number;
  unread_count: number;
  last_message_id: number;
  last_non_activity_message_id: number | null;
  last_incoming_at: Date | null;
  last_activity_at: Date;
  waiting_since: Date | null;
  first_reply_created_at: Date | null;
  agent_last_seen_at: Date | null;
  updated_at: Date;
}

/**
 * Adds a message to a conversation and keeps the conversation's counters and timestamps in
 * step (last activity, unread count, waiting since, first reply), in the caller's transaction.
 * The conversation's row is written by the statement that inserts the message, late in the
 * transaction, so concurrent writers to one conversation hold its lock only for that statement,
 * any attachments and the event insert.
 */
@Injectable()
export class MessageWriter {
  constructor(
    private readonly conversations: ConversationLoader,
    private readonly messages: MessageLoader,
  ) {}

  async write(tx: EntityManager, emit: Emit, conversation: ConversationEntity, input: NewMessage): Promise<Message> {
    const before = await this.conversations.snapshot(conversation.id, tx);
    const status: MessageStatus = input.messageType === 'incoming' ? 'received' : 'sent';
    const isPrivate = input.private ?? false;
    const activity = input.messageType === 'activity';
    const incoming = input.messageType === 'incoming';
    // An agent's reply: the customer is no longer waiting, and the agent has seen the conversation.
    const agentReply = !activity && !incoming && !isPrivate && input.senderType === 'user';
    // GREATEST keeps the newest message when writers commit out of order.
    const [row]: Array<{ id: number; created_at: Date; updated_at: Date; conversation_updated_at: Date } & Omit<Counters, 'updated_at'>> = await tx.query(
      `WITH m AS (
         INSERT INTO messaging.messages
           (account_id, conversation_id, inbox_id, content, message_type, content_type, content_attributes, status, private,
            source_id, echo_id, sender_type, sender_id, template_params)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
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
       SELECT m.id, m.created_at, m.updated_at, c.* FROM m, c`,
      [
        conversation.accountId,
        conversation.id,
        conversation.inboxId,
        input.content,
        input.messageType,
        input.contentType ?? 'text',
        JSON.stringify(input.contentAttributes ?? {}),
        status,
        isPrivate,
        input.sourceId ?? null,
        input.echoId ?? null,
        input.senderType ?? null,
        input.senderId ?? null,
        input.templateParams ? JSON.stringify(input.templateParams) : null,
        activity,
        incoming,
        agentReply,
      ],
    );
    if (!row) throw new Error(`Conversation ${conversation.id} vanished`);
    const counters = keepCounters(conversation, { ...row, updated_at: row.conversation_updated_at });
    const attachments = await this.attach(tx, conversation.accountId, row.id, input.files ?? []);
    const message = this.messages.toMessage(
      {
        id: row.id,
        account_id: conversation.accountId,
        inbox_id: conversation.inboxId,
        display_id: conversation.displayId,
        content: input.content,
        message_type: input.messageType,
        content_type: input.contentType ?? 'text',
        content_attributes: input.contentAttributes ?? {},
        status,
        private: isPrivate,
        source_id: input.sourceId ?? null,
        echo_id: input.echoId ?? null,
        sender_type: input.senderType ?? null,
        sender_id: input.senderId ?? null,
        sender_name: await this.senderName(tx, input, before),
        sender_thumbnail: input.senderType === 'contact' ? (before.meta.sender?.thumbnail ?? null) : null,
        external_error: null,
        created_at: row.created_at,
        updated_at: row.updated_at,
      },
      attachments,
    );
    await emit(MessageEvents.created, conversation.accountId, { message, conversation: withCounters(before, counters) });
    return message;
  }

  private async attach(tx: EntityManager, accountId: number, messageId: number, files: StoredFile[]): Promise<Attachment[]> {
    const attachments: Attachment[] = [];
    for (const file of files) {
      const [saved]: AttachmentRow[] = await tx.query(
        `INSERT INTO messaging.attachments (message_id, account_id, file_type, extension, content_type, file_name, file_size, storage_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         RETURNING id, message_id, file_type, extension, content_type, file_size, storage_key`,
        [
          messageId,
          accountId,
          fileTypeOf(file.content_type),
          extname(file.file_name).replace(/^\./, '').toLowerCase() || null,
          file.content_type,
          file.file_name,
          file.file_size,
          file.storage_key,
        ],
      );
      attachments.push(this.messages.toAttachment(saved));
    }
    return attachments;
  }

  private async senderName(tx: EntityManager, input: NewMessage, conversation: ConversationSnapshot): Promise<string | null> {
    if (input.senderType === 'contact') return conversation.meta.sender?.name ?? null;
    if (input.senderType !== 'user' || input.senderId == null) return null;
    if (input.senderName !== undefined) return input.senderName;
    const [user]: Array<{ name: string }> = await tx.query('SELECT coalesce(display_name, name) AS name FROM messaging.users WHERE id = $1', [input.senderId]);
    return user?.name ?? null;
  }
}

/** The entity takes the stored counters. */
function keepCounters(conversation: ConversationEntity, counters: Counters): Counters {
  conversation.messagesCount = counters.messages_count;
  conversation.unreadCount = counters.unread_count;
  conversation.lastMessageId = counters.last_message_id;
  conversation.lastNonActivityMessageId = counters.last_non_activity_message_id;
  conversation.lastIncomingAt = counters.last_incoming_at;
  conversation.lastActivityAt = counters.last_activity_at;
  conversation.waitingSince = counters.waiting_since;
  conversation.firstReplyCreatedAt = counters.first_reply_created_at;
  conversation.agentLastSeenAt = counters.agent_last_seen_at;
  conversation.updatedAt = counters.updated_at;
  return counters;
}

/** The conversation as it is after the message: the snapshot read before, with the new counters. */
function withCounters(snapshot: ConversationSnapshot, counters: Counters): ConversationSnapshot {
  return {
    ...snapshot,
    messages_count: counters.messages_count,
    unread_count: counters.unread_count,
    timestamp: toUnixSeconds(counters.last_activity_at),
    last_activity_at: toUnixSeconds(counters.last_activity_at),
    waiting_since: toUnixSeconds(counters.waiting_since),
    first_reply_created_at: toUnixSeconds(counters.first_reply_created_at),
    agent_last_seen_at: toUnixSeconds(counters.agent_last_seen_at),
    updated_at: toUnixSeconds(counters.updated_at),
    can_reply: canReplyAt(snapshot.meta.channel, counters.last_incoming_at, new Date()),
  };
}
