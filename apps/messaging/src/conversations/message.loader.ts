import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CSAT_CONTENT_TYPE,
  CSAT_TOKEN_ATTRIBUTE,
  type Attachment,
  type CsatSurveySent,
  type Message,
} from '@parley/contracts';
import {
  preparedQuery,
  signedFileUrl,
  STORAGE_CONFIG,
  toUnixSeconds,
  type JsonRow,
  type StorageConfig,
} from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGING_CONFIG, type MessagingConfig } from '../messaging.config';
import {
  ATTACHMENT_FILE,
  ATTACHMENTS_OF_MESSAGES,
  type AttachmentFileRow,
  type StoredAttachmentRow,
} from './persistence/attachment.row';
import {
  lastMessageOf,
  MESSAGES_BY_IDS,
  MESSAGES_VIEW,
  type LastMessageColumns,
  type MessageRow,
  type MessageViewRow,
} from './persistence/message.row';

/** An outgoing message's place in its provider thread (see `MessageLoader.threadOf`). */
export interface MessageThread {
  conversationUuid: string;
  subject: string | null;
  inReplyTo: string | null;
  references: string[];
  lastIncomingAt: Date | null;
}

/** Most provider ids in a References chain (servers refuse very long headers). */
const THREAD_REFERENCES = 30;

/** Reads messages as the REST API shows them: sender, attachments with signed links. */
@Injectable()
export class MessageLoader {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STORAGE_CONFIG) private readonly storage: StorageConfig,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  /** The stored file behind an attachment of the account, or null. */
  async attachmentFile(accountId: number, attachmentId: number): Promise<AttachmentFileRow | null> {
    const [row]: AttachmentFileRow[] = await this.dataSource.query(ATTACHMENT_FILE, [attachmentId, accountId]);
    return row ?? null;
  }

  /** Which of `ids` are attachments of the account. */
  async existingAttachments(accountId: number, ids: number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.dataSource.query(
      'SELECT id FROM messaging.attachments WHERE account_id = $1 AND id = ANY ($2::int[])',
      [accountId, ids],
    );
    return rows.map((row) => row.id);
  }

  /** The survey message a token belongs to (tokens are unguessable uuids: the token alone identifies it). Literal predicates: the partial index's. */
  async csatSurvey(token: string): Promise<CsatSurveySent | null> {
    const [row]: Array<CsatSurveySent & { sent_at: string }> = await this.dataSource.query(
      `SELECT m.account_id, c.display_id AS conversation_id, m.inbox_id, c.assignee_id, extract(epoch FROM m.created_at)::bigint AS sent_at
       FROM messaging.messages m JOIN messaging.conversations c ON c.id = m.conversation_id
       WHERE m.content_type = '${CSAT_CONTENT_TYPE}' AND m.content_attributes ->> '${CSAT_TOKEN_ATTRIBUTE}' = $1`,
      [token],
    );
    return row ? { ...row, sent_at: Number(row.sent_at) } : null;
  }

  async byIds(ids: number[], tx?: EntityManager): Promise<Map<number, Message>> {
    if (ids.length === 0) return new Map();
    const rows = await preparedQuery<MessageViewRow>(
      tx ?? this.dataSource,
      'messaging_messages_by_ids',
      MESSAGES_BY_IDS,
      [ids],
    );
    const messages = await this.map(rows, tx);
    return new Map(messages.map((message) => [message.id, message]));
  }

  /** The message a row read with LAST_MESSAGE_JOIN carries (its attachments with it), or null. */
  lastMessage(row: JsonRow<LastMessageColumns>): Message | null {
    const message = lastMessageOf(row);
    if (!message) return null;
    return this.toMessage(
      message,
      (row.lm_attachments ?? []).map((attachment) => this.toAttachment(attachment)),
    );
  }

  async one(id: number, tx?: EntityManager): Promise<Message> {
    const found = (await this.byIds([id], tx)).get(id);
    if (!found) throw new Error(`Message ${id} vanished`);
    return found;
  }

  /** A page of one conversation, oldest first: the latest `limit`, or those before / after an id. */
  async page(
    conversationId: number,
    options: { before?: number; after?: number; limit: number; contactVisible?: boolean },
  ): Promise<Message[]> {
    const params: unknown[] = [conversationId, options.limit];
    let where = 'm.conversation_id = $1';
    // What the contact sees: no private notes, no activity lines.
    if (options.contactVisible) where += " AND NOT m.private AND m.message_type <> 'activity'";
    let order = 'DESC';
    if (options.after !== undefined) {
      params.push(options.after);
      where += ` AND m.id > $${params.length}`;
      order = 'ASC';
    } else if (options.before !== undefined) {
      params.push(options.before);
      where += ` AND m.id < $${params.length}`;
    }
    const rows: MessageViewRow[] = await this.dataSource.query(
      `${MESSAGES_VIEW} WHERE ${where} ORDER BY m.id ${order} LIMIT $2`,
      params,
    );
    const messages = await this.map(rows);
    return messages.sort((a, b) => a.id - b.id);
  }

  /** The public part of a conversation (no private notes, no activity), oldest first: its transcript. */
  async transcriptLines(
    tx: EntityManager,
    conversationId: number,
  ): Promise<Array<{ created_at: Date; sender: string | null; content: string | null }>> {
    const rows: MessageViewRow[] = await tx.query(
      `${MESSAGES_VIEW} WHERE m.conversation_id = $1 AND NOT m.private AND m.message_type <> 'activity' ORDER BY m.id`,
      [conversationId],
    );
    return rows.map((row) => ({ created_at: row.created_at, sender: row.sender_name, content: row.content }));
  }

  /** The message of the conversation with this echo_id or source_id: a retry of a create. */
  async repeatOf(
    manager: EntityManager,
    conversationId: number,
    echoId: string | null,
    sourceId: string | null,
  ): Promise<{ id: number } | null> {
    if (!echoId && !sourceId) return null;
    const rows: Array<{ id: number }> = await manager.query(
      `SELECT id FROM messaging.messages WHERE conversation_id = $1 AND ((echo_id IS NOT NULL AND echo_id = $2) OR (source_id IS NOT NULL AND source_id = $3)) LIMIT 1`,
      [conversationId, echoId, sourceId],
    );
    return rows[0] ?? null;
  }

  /** The message, if it belongs to the conversation (internal id). */
  async inConversation(
    tx: EntityManager,
    conversationId: number,
    messageId: number,
  ): Promise<Pick<MessageRow, 'id' | 'message_type' | 'content'> | null> {
    const [row] = await tx.query(
      'SELECT id, message_type, content FROM messaging.messages WHERE id = $1 AND conversation_id = $2',
      [messageId, conversationId],
    );
    return row ?? null;
  }

  /**
   * Where an outgoing message belongs in the provider's thread: the conversation's uuid, its
   * subject (the one set on it, else the first e-mail's, else the first message's first line),
   * the last incoming provider id before the message and the provider ids before it, oldest first.
   */
  async threadOf(tx: EntityManager, messageId: number): Promise<MessageThread> {
    const [row]: Array<{
      uuid: string;
      mail_subject: string | null;
      first_subject: string | null;
      first_content: string | null;
      in_reply_to: string | null;
      references: string[] | null;
      last_incoming_at: Date | null;
    }> = await tx.query(
      `SELECT c.uuid, c.last_incoming_at, c.additional_attributes ->> 'mail_subject' AS mail_subject,
              (SELECT e.content_attributes -> 'email' ->> 'subject' FROM messaging.messages e
                WHERE e.conversation_id = c.id AND e.content_attributes -> 'email' ->> 'subject' IS NOT NULL ORDER BY e.id LIMIT 1) AS first_subject,
              (SELECT f.content FROM messaging.messages f
                WHERE f.conversation_id = c.id AND NOT f.private AND f.message_type <> 'activity' ORDER BY f.id LIMIT 1) AS first_content,
              (SELECT i.source_id FROM messaging.messages i
                WHERE i.conversation_id = c.id AND i.id < m.id AND i.message_type = 'incoming' AND i.source_id IS NOT NULL
                ORDER BY i.id DESC LIMIT 1) AS in_reply_to,
              (SELECT array_agg(r.source_id ORDER BY r.id) FROM (
                 SELECT p.id, p.source_id FROM messaging.messages p
                  WHERE p.conversation_id = c.id AND p.id < m.id AND p.source_id IS NOT NULL AND NOT p.private
                  ORDER BY p.id DESC LIMIT $2) r) AS "references"
         FROM messaging.messages m JOIN messaging.conversations c ON c.id = m.conversation_id
        WHERE m.id = $1`,
      [messageId, THREAD_REFERENCES],
    );
    const firstLine =
      row.first_content
        ?.split('\n')
        .find((line) => line.trim())
        ?.trim() ?? null;
    return {
      conversationUuid: row.uuid,
      subject: row.mail_subject ?? row.first_subject ?? (firstLine ? firstLine.slice(0, 200) : null),
      inReplyTo: row.in_reply_to,
      references: row.references ?? [],
      lastIncomingAt: row.last_incoming_at,
    };
  }

  /**
   * Inbound threading: the conversation of the inbox holding one of these provider ids (the
   * first that matches, in the order given), or with this uuid.
   */
  async conversationForReply(
    tx: EntityManager,
    inboxId: number,
    providerIds: string[],
    conversationUuid: string | null,
  ): Promise<number | null> {
    if (providerIds.length) {
      const rows: Array<{ conversation_id: number; source_id: string }> = await tx.query(
        `SELECT conversation_id, source_id FROM messaging.messages WHERE inbox_id = $1 AND source_id = ANY($2::text[])`,
        [inboxId, providerIds],
      );
      for (const id of providerIds) {
        const hit = rows.find((row) => row.source_id === id);
        if (hit) return hit.conversation_id;
      }
    }
    if (!conversationUuid) return null;
    const [row]: Array<{ id: number }> = await tx.query(
      'SELECT id FROM messaging.conversations WHERE inbox_id = $1 AND uuid = $2::uuid',
      [inboxId, conversationUuid],
    );
    return row?.id ?? null;
  }

  /** The message of the inbox with this provider id: a delivery seen before, or the message a receipt is about. */
  async byProviderId(
    tx: EntityManager,
    inboxId: number,
    providerId: string,
  ): Promise<Pick<MessageRow, 'id' | 'status' | 'conversation_id' | 'message_type'> | null> {
    const [row] = await tx.query(
      'SELECT id, status, conversation_id, message_type FROM messaging.messages WHERE inbox_id = $1 AND source_id = $2 ORDER BY id LIMIT 1',
      [inboxId, providerId],
    );
    return row ?? null;
  }

  /** An outgoing message of the inbox by Parley's id (a provider handed its mark back), locked; null when unknown. */
  async lockedOutgoing(
    tx: EntityManager,
    inboxId: number,
    messageId: number,
  ): Promise<Pick<MessageRow, 'id' | 'status' | 'source_id'> | null> {
    const [row] = await tx.query(
      `SELECT id, status, source_id FROM messaging.messages
        WHERE id = $1 AND inbox_id = $2 AND message_type <> 'incoming' FOR UPDATE`,
      [messageId, inboxId],
    );
    return row ?? null;
  }

  /**
   * The provider ids of what the inbox sent the contact (its id at the provider) up to `upTo`
   * and not yet read: what a receipt watermark ("everything until then") is about.
   */
  async sentToContactUpTo(tx: EntityManager, inboxId: number, contactSourceId: string, upTo: Date): Promise<string[]> {
    const rows: Array<{ source_id: string }> = await tx.query(
      `SELECT m.source_id FROM messaging.messages m JOIN messaging.conversations c ON c.id = m.conversation_id
        WHERE c.inbox_id = $1 AND c.source_id = $2 AND m.message_type IN ('outgoing', 'template')
          AND m.source_id IS NOT NULL AND m.status IN ('sent', 'delivered') AND m.created_at <= $3
        ORDER BY m.id DESC LIMIT 100`,
      [inboxId, contactSourceId, upTo],
    );
    return rows.map((row) => row.source_id);
  }

  /** The stored files of a message, in the order they were attached: what a channel sends with it. */
  async filesOf(tx: EntityManager, messageId: number): Promise<AttachmentFileRow[]> {
    return tx.query(
      'SELECT file_name, content_type, file_size, storage_key FROM messaging.attachments WHERE message_id = $1 ORDER BY id',
      [messageId],
    );
  }

  /** The approved template an outgoing message was written from (null: free text). */
  async templateParamsOf(tx: EntityManager, messageId: number): Promise<MessageRow['template_params']> {
    const [row]: Array<Pick<MessageRow, 'template_params'>> = await tx.query(
      'SELECT template_params FROM messaging.messages WHERE id = $1',
      [messageId],
    );
    return row?.template_params ?? null;
  }

  /** The contact inbox's id at the provider, as the conversation keeps it. */
  async conversationSourceId(tx: EntityManager, conversationId: number): Promise<string> {
    const [row]: Array<{ source_id: string }> = await tx.query(
      'SELECT source_id FROM messaging.conversations WHERE id = $1',
      [conversationId],
    );
    return row.source_id;
  }

  /** Which of the provider `ids` are already the `source_id` of a message of the inbox other than `messageId`. */
  async sourceIdsTaken(tx: EntityManager, inboxId: number, ids: string[], messageId: number): Promise<Set<string>> {
    const rows: Array<{ source_id: string }> = await tx.query(
      'SELECT source_id FROM messaging.messages WHERE inbox_id = $1 AND source_id = ANY($2::text[]) AND id <> $3',
      [inboxId, ids, messageId],
    );
    return new Set(rows.map((row) => row.source_id));
  }

  /** The message's status, its row locked until `tx` ends (a status change reads, decides, writes); null when gone. */
  async lockedStatus(tx: EntityManager, messageId: number): Promise<MessageRow['status'] | null> {
    const [row]: Array<Pick<MessageRow, 'status'>> = await tx.query(
      'SELECT status FROM messaging.messages WHERE id = $1 FOR UPDATE',
      [messageId],
    );
    return row?.status ?? null;
  }

  /** The internal id of the message's conversation. */
  async conversationIdOf(tx: EntityManager, messageId: number): Promise<number> {
    const [row]: Array<{ conversation_id: number }> = await tx.query(
      'SELECT conversation_id FROM messaging.messages WHERE id = $1',
      [messageId],
    );
    return row.conversation_id;
  }

  private async map(rows: MessageViewRow[], tx?: EntityManager): Promise<Message[]> {
    const attachments = await this.attachments(
      rows.map((row) => row.id),
      tx,
    );
    return rows.map((row) => this.toMessage(row, attachments.get(row.id) ?? []));
  }

  /** A message row (with its sender's name and its attachments) as the REST API shows it. */
  toMessage(row: MessageViewRow | JsonRow<MessageViewRow>, attachments: Attachment[]): Message {
    return {
      id: row.id,
      content: row.content,
      account_id: row.account_id,
      inbox_id: row.inbox_id,
      conversation_id: row.display_id,
      message_type: row.message_type,
      content_type: row.content_type,
      content_attributes: row.content_attributes,
      status: row.status,
      private: row.private,
      source_id: row.source_id,
      echo_id: row.echo_id,
      sender:
        row.sender_type && row.sender_id !== null
          ? { id: row.sender_id, name: row.sender_name, type: row.sender_type, thumbnail: row.sender_thumbnail }
          : null,
      attachments,
      external_error: row.external_error,
      created_at: toUnixSeconds(row.created_at),
      updated_at: toUnixSeconds(row.updated_at),
    };
  }

  private async attachments(messageIds: number[], tx?: EntityManager): Promise<Map<number, Attachment[]>> {
    const byMessage = new Map<number, Attachment[]>();
    if (messageIds.length === 0) return byMessage;
    const rows = await preparedQuery<StoredAttachmentRow>(
      tx ?? this.dataSource,
      'messaging_attachments_of_messages',
      ATTACHMENTS_OF_MESSAGES,
      [messageIds],
    );
    for (const row of rows) {
      const list = byMessage.get(row.message_id) ?? [];
      list.push(this.toAttachment(row));
      byMessage.set(row.message_id, list);
    }
    return byMessage;
  }

  /** An attachment with a fresh signed link to its file. */
  toAttachment(row: StoredAttachmentRow): Attachment {
    const url = signedFileUrl(
      this.config.publicUrl,
      { key: row.storage_key, contentType: row.content_type },
      this.storage.urlSecret,
      this.storage.urlTtlSeconds,
    );
    return {
      id: row.id,
      message_id: row.message_id,
      file_type: row.file_type,
      extension: row.extension,
      data_url: url,
      thumb_url: row.file_type === 'image' ? url : null,
      file_size: row.file_size,
    };
  }
}
