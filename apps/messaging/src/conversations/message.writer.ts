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
import { currentRequestContext, fileTypeOf, preparedQuery, toUnixSeconds, type Emit } from '@parley/service-kit';
import { extname } from 'node:path';
import type { EntityManager } from 'typeorm';
import { IdentityLoader } from '../identity/identity.loader';
import { ChannelSendQueueWriter } from './channel-send-queue.writer';
import { leavesPlatform } from './channel-send.rules';
import { ConversationLoader } from './conversation.loader';
import { MessageLoader } from './message.loader';
import { canReplyAt } from './messaging-window.rules';
import { INSERT_ATTACHMENT, REPLACE_WITH_PLACEHOLDER, type StoredAttachmentRow } from './persistence/attachment.row';
import type { ConversationCounters, ConversationRow } from './persistence/conversation.row';
import { INSERT_MESSAGE, insertMessageParams, type InsertedMessage } from './persistence/message.row';

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

/**
 * The writes of messages and attachments. A new message keeps its conversation's counters and
 * timestamps in step (last activity, unread count, waiting since, first reply) in the same
 * statement, in the caller's transaction.
 */
@Injectable()
export class MessageWriter {
  constructor(
    private readonly conversations: ConversationLoader,
    private readonly messages: MessageLoader,
    private readonly identity: IdentityLoader,
    private readonly sendQueue: ChannelSendQueueWriter,
  ) {}

  /** `before`: the conversation's snapshot read earlier in this transaction, when the caller has it. */
  async write(
    tx: EntityManager,
    emit: Emit,
    conversation: ConversationRow,
    input: NewMessage,
    before?: ConversationSnapshot,
  ): Promise<Message> {
    before ??= await this.conversations.snapshot(conversation.id, tx);
    const status: MessageStatus = input.messageType === 'incoming' ? 'received' : 'sent';
    const inserted = {
      account_id: conversation.account_id,
      conversation_id: conversation.id,
      inbox_id: conversation.inbox_id,
      content: input.content,
      message_type: input.messageType,
      content_type: input.contentType ?? 'text',
      content_attributes: input.contentAttributes ?? {},
      status,
      private: input.private ?? false,
      source_id: input.sourceId ?? null,
      echo_id: input.echoId ?? null,
      sender_type: input.senderType ?? null,
      sender_id: input.senderId ?? null,
      template_params: input.templateParams ?? null,
      origin: currentRequestContext()?.origin ?? null,
    };
    const [row] = await preparedQuery<InsertedMessage>(
      tx,
      'messaging_insert_message',
      INSERT_MESSAGE,
      insertMessageParams(inserted),
    );
    if (!row) throw new Error(`Conversation ${conversation.id} vanished`);
    const counters = keepCounters(conversation, { ...row, updated_at: row.conversation_updated_at });
    if (
      leavesPlatform(
        {
          messageType: input.messageType,
          private: inserted.private,
          contentAttributes: inserted.content_attributes,
        },
        before.meta.channel,
      )
    )
      await this.sendQueue.enqueue(tx, row.id, conversation.account_id);
    const attachments = await this.attach(tx, conversation.account_id, row.id, input.files ?? []);
    const message = this.messages.toMessage(
      {
        ...inserted,
        id: row.id,
        display_id: conversation.display_id,
        sender_name: await this.senderName(tx, input, before),
        sender_thumbnail: input.senderType === 'contact' ? (before.meta.sender?.thumbnail ?? null) : null,
        external_error: null,
        created_at: row.created_at,
        updated_at: row.updated_at,
      },
      attachments,
    );
    const after = withCounters(before, counters);
    await emit(MessageEvents.created, conversation.account_id, { message, conversation: after });
    if (before.first_reply_created_at === null && after.first_reply_created_at !== null)
      await emit(MessageEvents.firstReplyCreated, conversation.account_id, { message, conversation: after });
    return message;
  }

  /** A provider refused the message; false when it was deleted meanwhile. */
  async markFailed(tx: EntityManager, messageId: number, error: string): Promise<boolean> {
    // UPDATE … RETURNING answers [rows, count].
    const [updated]: [Array<{ id: number }>, number] = await tx.query(
      `UPDATE messaging.messages SET status = 'failed', external_error = $2, updated_at = now() WHERE id = $1 RETURNING id`,
      [messageId, error],
    );
    return updated.length > 0;
  }

  /** The provider took the message: its id there becomes the message's `source_id` (kept if one is set). */
  async recordSent(tx: EntityManager, messageId: number, providerId: string): Promise<void> {
    await tx.query(
      'UPDATE messaging.messages SET source_id = COALESCE(source_id, $2), updated_at = now() WHERE id = $1',
      [messageId, providerId],
    );
  }

  /** A provider's report on a sent message: a new status (or null to keep it) and the error it gave, if any. */
  async recordStatus(
    tx: EntityManager,
    messageId: number,
    status: MessageStatus | null,
    error: string | null,
  ): Promise<void> {
    await tx.query(
      `UPDATE messaging.messages SET status = COALESCE($2, status), external_error = COALESCE($3, external_error), updated_at = now()
        WHERE id = $1`,
      [messageId, status, error],
    );
  }

  /** A contact's answer to an input message (a form, a CSAT survey), kept in its `content_attributes`. */
  async setSubmittedValues(tx: EntityManager, messageId: number, values: unknown[]): Promise<void> {
    await tx.query(
      `UPDATE messaging.messages
          SET content_attributes = content_attributes || jsonb_build_object('submitted_values', $2::jsonb), updated_at = now()
        WHERE id = $1`,
      [messageId, JSON.stringify(values)],
    );
  }

  /** Leaves `placeholder` in the message's place, `deleted: true`, no attachments; answers the removed files' keys. */
  async replaceWithPlaceholder(tx: EntityManager, messageId: number, placeholder: string): Promise<string[]> {
    const removed: Array<{ storage_key: string }> = await tx.query(REPLACE_WITH_PLACEHOLDER, [messageId, placeholder]);
    return removed.map((attachment) => attachment.storage_key);
  }

  private async attach(
    tx: EntityManager,
    accountId: number,
    messageId: number,
    files: StoredFile[],
  ): Promise<Attachment[]> {
    const attachments: Attachment[] = [];
    for (const file of files) {
      const [saved]: StoredAttachmentRow[] = await tx.query(INSERT_ATTACHMENT, [
        messageId,
        accountId,
        fileTypeOf(file.content_type),
        extname(file.file_name).replace(/^\./, '').toLowerCase() || null,
        file.content_type,
        file.file_name,
        file.file_size,
        file.storage_key,
      ]);
      attachments.push(this.messages.toAttachment(saved));
    }
    return attachments;
  }

  private async senderName(
    tx: EntityManager,
    input: NewMessage,
    conversation: ConversationSnapshot,
  ): Promise<string | null> {
    if (input.senderType === 'contact') return conversation.meta.sender?.name ?? null;
    if (input.senderType !== 'user' || input.senderId == null) return null;
    if (input.senderName !== undefined) return input.senderName;
    return this.identity.shownName(tx, input.senderId);
  }
}

/** The row in hand takes the stored counters. */
function keepCounters(conversation: ConversationRow, counters: ConversationCounters): ConversationCounters {
  conversation.messages_count = counters.messages_count;
  conversation.unread_count = counters.unread_count;
  conversation.last_message_id = counters.last_message_id;
  conversation.last_non_activity_message_id = counters.last_non_activity_message_id;
  conversation.last_incoming_at = counters.last_incoming_at;
  conversation.last_activity_at = counters.last_activity_at;
  conversation.waiting_since = counters.waiting_since;
  conversation.first_reply_created_at = counters.first_reply_created_at;
  conversation.agent_last_seen_at = counters.agent_last_seen_at;
  conversation.updated_at = counters.updated_at;
  return counters;
}

/** The conversation as it is after the message: the snapshot read before, with the new counters. */
function withCounters(snapshot: ConversationSnapshot, counters: ConversationCounters): ConversationSnapshot {
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
