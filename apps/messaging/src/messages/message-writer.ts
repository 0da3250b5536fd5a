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
import { ConversationLoader } from '../conversations/conversation-loader';
import { canReplyAt } from '../conversations/messaging-window';
import type { ConversationEntity } from '../conversations/persistence/conversation.orm-entity';
import { MessageLoader, type AttachmentRow } from './message-loader';

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
 * The conversation's row is written last, in one atomic UPDATE (GREATEST keeps the newest
 * message when writers commit out of order), so concurrent writers to one conversation hold
 * its lock only for that statement and the event insert.
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
    const [row]: Array<{ id: number; created_at: Date; updated_at: Date }> = await tx.query(
      `INSERT INTO messaging.messages
         (account_id, conversation_id, inbox_id, content, message_type, content_type, content_attributes, status, private,
          source_id, echo_id, sender_type, sender_id, template_params)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       RETURNING id, created_at, updated_at`,
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
      ],
    );
    const attachments = await this.attach(tx, conversation.accountId, row.id, input.files ?? []);
    const counters = await this.advance(tx, conversation, row.id, input, row.created_at);
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

  /** One atomic UPDATE of the conversation's counters; the entity takes the stored values. */
  private async advance(tx: EntityManager, conversation: ConversationEntity, messageId: number, input: NewMessage, at: Date): Promise<Counters> {
    const activity = input.messageType === 'activity';
    // An agent's reply: the customer is no longer waiting, and the agent has seen the conversation.
    const agentReply = !activity && input.messageType !== 'incoming' && !input.private && input.senderType === 'user';
    const [[counters]]: [[Counters]] = await tx.query(
      `UPDATE messaging.conversations SET
         last_message_id = GREATEST(last_message_id, $2),
         last_non_activity_message_id = CASE WHEN $3 THEN last_non_activity_message_id ELSE GREATEST(last_non_activity_message_id, $2) END,
         messages_count = messages_count + CASE WHEN $3 THEN 0 ELSE 1 END,
         last_activity_at = CASE WHEN $3 THEN last_activity_at ELSE GREATEST(last_activity_at, $4) END,
         unread_count = CASE WHEN $5 THEN unread_count + 1 WHEN $6 THEN 0 ELSE unread_count END,
         last_incoming_at = CASE WHEN $5 THEN $4 ELSE last_incoming_at END,
         waiting_since = CASE WHEN $5 THEN coalesce(waiting_since, $4) WHEN $6 THEN NULL ELSE waiting_since END,
         first_reply_created_at = CASE WHEN $6 THEN coalesce(first_reply_created_at, $4) ELSE first_reply_created_at END,
         agent_last_seen_at = CASE WHEN $6 THEN $4 ELSE agent_last_seen_at END,
         updated_at = now()
       WHERE id = $1
       RETURNING messages_count, unread_count, last_message_id, last_non_activity_message_id, last_incoming_at, last_activity_at,
                 waiting_since, first_reply_created_at, agent_last_seen_at, updated_at`,
      [conversation.id, messageId, activity, at, input.messageType === 'incoming', agentReply],
    );
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

  private async senderName(tx: EntityManager, input: NewMessage, conversation: ConversationSnapshot): Promise<string | null> {
    if (input.senderType === 'contact') return conversation.meta.sender?.name ?? null;
    if (input.senderType !== 'user' || input.senderId == null) return null;
    if (input.senderName !== undefined) return input.senderName;
    const [user]: Array<{ name: string }> = await tx.query('SELECT coalesce(display_name, name) AS name FROM messaging.users WHERE id = $1', [input.senderId]);
    return user?.name ?? null;
  }
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
