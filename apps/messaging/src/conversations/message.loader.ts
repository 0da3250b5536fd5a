import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Attachment, FileType, Message, MessageSender } from '@parley/contracts';
import { signedFileUrl, STORAGE_CONFIG, toUnixSeconds, type StorageConfig } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGING_CONFIG, type MessagingConfig } from '../messaging.config';

export interface MessageRow {
  id: number;
  account_id: number;
  inbox_id: number;
  display_id: number;
  content: string | null;
  message_type: Message['message_type'];
  content_type: Message['content_type'];
  content_attributes: Record<string, unknown>;
  status: Message['status'];
  private: boolean;
  source_id: string | null;
  echo_id: string | null;
  sender_type: MessageSender['type'] | null;
  sender_id: number | null;
  sender_name: string | null;
  sender_thumbnail: string | null;
  external_error: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface AttachmentRow {
  id: number;
  message_id: number;
  file_type: FileType;
  extension: string | null;
  content_type: string;
  file_size: number;
  storage_key: string;
}

const SELECT_MESSAGES = `
  SELECT m.id, m.account_id, m.inbox_id, c.display_id, m.content, m.message_type, m.content_type, m.content_attributes, m.status,
         m.private, m.source_id, m.echo_id, m.sender_type, m.sender_id, m.external_error, m.created_at, m.updated_at,
         CASE m.sender_type WHEN 'user' THEN coalesce(u.display_name, u.name) WHEN 'contact' THEN cv.name END AS sender_name,
         CASE m.sender_type WHEN 'contact' THEN cv.thumbnail END AS sender_thumbnail
    FROM messaging.messages m
    JOIN messaging.conversations c ON c.id = m.conversation_id
    LEFT JOIN messaging.users u ON m.sender_type = 'user' AND u.id = m.sender_id
    LEFT JOIN messaging.contacts_view cv ON m.sender_type = 'contact' AND cv.id = m.sender_id`;

/** Reads messages as the REST API shows them: sender, attachments with signed links. */
@Injectable()
export class MessageLoader {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STORAGE_CONFIG) private readonly storage: StorageConfig,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  async byIds(ids: number[], tx?: EntityManager): Promise<Map<number, Message>> {
    if (ids.length === 0) return new Map();
    const rows: MessageRow[] = await (tx ?? this.dataSource).query(`${SELECT_MESSAGES} WHERE m.id = ANY($1::int[])`, [ids]);
    const messages = await this.map(rows, tx);
    return new Map(messages.map((message) => [message.id, message]));
  }

  async one(id: number, tx?: EntityManager): Promise<Message> {
    const found = (await this.byIds([id], tx)).get(id);
    if (!found) throw new Error(`Message ${id} vanished`);
    return found;
  }

  /** A page of one conversation, oldest first: the latest `limit`, or those before / after an id. */
  async page(conversationId: number, options: { before?: number; after?: number; limit: number }): Promise<Message[]> {
    const params: unknown[] = [conversationId, options.limit];
    let where = 'm.conversation_id = $1';
    let order = 'DESC';
    if (options.after !== undefined) {
      params.push(options.after);
      where += ` AND m.id > $${params.length}`;
      order = 'ASC';
    } else if (options.before !== undefined) {
      params.push(options.before);
      where += ` AND m.id < $${params.length}`;
    }
    const rows: MessageRow[] = await this.dataSource.query(`${SELECT_MESSAGES} WHERE ${where} ORDER BY m.id ${order} LIMIT $2`, params);
    const messages = await this.map(rows);
    return messages.sort((a, b) => a.id - b.id);
  }

  private async map(rows: MessageRow[], tx?: EntityManager): Promise<Message[]> {
    const attachments = await this.attachments(rows.map((row) => row.id), tx);
    return rows.map((row) => this.toMessage(row, attachments.get(row.id) ?? []));
  }

  /** A message row (with its sender's name and its attachments) as the REST API shows it. */
  toMessage(row: MessageRow, attachments: Attachment[]): Message {
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
      sender: row.sender_type && row.sender_id !== null ? { id: row.sender_id, name: row.sender_name, type: row.sender_type, thumbnail: row.sender_thumbnail } : null,
      attachments,
      external_error: row.external_error,
      created_at: toUnixSeconds(row.created_at),
      updated_at: toUnixSeconds(row.updated_at),
    };
  }

  private async attachments(messageIds: number[], tx?: EntityManager): Promise<Map<number, Attachment[]>> {
    const byMessage = new Map<number, Attachment[]>();
    if (messageIds.length === 0) return byMessage;
    const rows: AttachmentRow[] = await (tx ?? this.dataSource).query(
      'SELECT id, message_id, file_type, extension, content_type, file_size, storage_key FROM messaging.attachments WHERE message_id = ANY($1::int[]) ORDER BY id',
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
  toAttachment(row: AttachmentRow): Attachment {
    const url = signedFileUrl(this.config.publicUrl, { key: row.storage_key, contentType: row.content_type }, this.storage.urlSecret, this.storage.urlTtlSeconds);
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
