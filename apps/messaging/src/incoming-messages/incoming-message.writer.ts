import { Inject, Injectable } from '@nestjs/common';
import type { InboundAttachment } from '@parley/channels';
import { AccountFiles, type StoredFile } from '@parley/contracts';
import { FILE_STORAGE, Outbox, type FileStorage } from '@parley/service-kit';
import { Readable } from 'node:stream';
import type { EntityManager } from 'typeorm';
import { ConversationChangesService } from '../conversations/conversation-changes.service';
import { ConversationInsertsWriter } from '../conversations/conversation-inserts.writer';
import { ConversationWriter } from '../conversations/conversation.writer';
import { MessageLoader } from '../conversations/message.loader';
import { MessageWriter } from '../conversations/message.writer';
import { InboxesLoader } from '../inboxes/inboxes.loader';
import { StatusService } from '../status/status.service';

/** One delivery (a stored e-mail, one message of a stored webhook): where it goes and the key of its files. */
export interface IncomingOrigin {
  accountId: number;
  inboxId: number;
  /** Its files are stored under `<key>-<index>/<name>`: a second run writes the same files again. */
  fileKey: string;
}

/** A message a contact wrote (or, `echo`, the business sent from the provider's own app). */
export interface IncomingWrite {
  /** The provider's id: the message's `source_id`; a second delivery of it adds nothing. */
  sourceId: string | null;
  contact: { contact_id: number; source_id: string };
  /**
   * Where it goes: `{ threaded }` the conversation it answers (e-mail threading), none: a new
   * one; `newest_of_contact` the contact inbox's newest (a resolved one only when the inbox
   * lets it reopen), else a new one.
   */
  into: { threaded: number | null } | 'newest_of_contact';
  content: string | null;
  contentAttributes: Record<string, unknown>;
  files: StoredFile[];
  /** Sent by the business from the provider's own app: stored as outgoing, never sent, wakes nothing. */
  echo?: boolean;
  /** A new conversation's `additional_attributes` (e-mail: its subject). */
  openedWith?: Record<string, unknown>;
}

/** Safe in a storage key: what is left of a file name after path tricks and odd characters. */
function storedName(filename: string, index: number): string {
  const base = filename
    .replace(/[\\/]/g, '_')
    .replace(/[^\w.\- ]+/g, '_')
    .trim()
    .slice(0, 120);
  return base && base !== '.' && base !== '..' ? base : `attachment-${index + 1}`;
}

/**
 * Writes what arrives from a channel (e-mail, providers' webhooks) into a conversation (see
 * `IncomingWrite.into`), opening one when none takes it; then the conversation is
 * auto-assigned (new) or woken. One delivery per provider id at a time: a second run finds
 * the message and adds nothing.
 */
@Injectable()
export class IncomingMessageWriter {
  constructor(
    private readonly outbox: Outbox,
    private readonly messages: MessageLoader,
    private readonly writer: MessageWriter,
    private readonly inserts: ConversationInsertsWriter,
    private readonly conversations: ConversationWriter,
    private readonly changes: ConversationChangesService,
    private readonly status: StatusService,
    private readonly inboxes: InboxesLoader,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** The message's files into storage, under keys of its delivery. */
  async storeFiles(origin: IncomingOrigin, attachments: InboundAttachment[]): Promise<StoredFile[]> {
    const files: StoredFile[] = [];
    for (const [index, attachment] of attachments.entries()) {
      const name = storedName(attachment.filename, index);
      const key = `${AccountFiles.messages(origin.accountId)}/${origin.fileKey}-${index}/${name}`;
      const size = await this.storage.put(key, Readable.from([attachment.content]), attachment.content.length + 1);
      files.push({ storage_key: key, file_name: name, content_type: attachment.contentType, file_size: size });
    }
    return files;
  }

  async write(origin: IncomingOrigin, message: IncomingWrite): Promise<void> {
    await this.outbox.transaction(async (tx, emit) => {
      // One delivery applied at a time per provider id: a second worker waits here, then finds the message.
      if (message.sourceId) {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`inbound:${origin.inboxId}:${message.sourceId}`]);
        if (await this.messages.byProviderId(tx, origin.inboxId, message.sourceId)) return;
      }
      const settings = await this.inboxes.messageSettings(tx, origin.inboxId);
      let conversation = await this.target(tx, origin.inboxId, message, settings.allow_messages_after_resolved);
      const opened = !conversation;
      if (!conversation) {
        const [displayId] = await this.inserts.nextDisplayIds(origin.accountId, 1);
        ({ conversation } = await this.inserts.insert(tx, emit, origin.accountId, displayId, {
          inbox_id: origin.inboxId,
          contact_id: message.contact.contact_id,
          source_id: message.contact.source_id,
          status: 'open',
          assignee_id: null,
          team_id: null,
          custom_attributes: {},
          additional_attributes: message.openedWith ?? {},
          campaign_id: null,
        }));
      }
      await this.writer.write(tx, emit, conversation, {
        content: message.content,
        messageType: message.echo ? 'outgoing' : 'incoming',
        contentAttributes: message.echo
          ? { ...message.contentAttributes, external_echo: true }
          : message.contentAttributes,
        sourceId: message.sourceId,
        senderType: message.echo ? null : 'contact',
        senderId: message.echo ? null : message.contact.contact_id,
        files: message.files,
      });
      if (message.echo) return;
      if (opened) await this.changes.autoAssign(tx, emit, conversation);
      else await this.status.wakeUpOnIncoming(tx, emit, conversation, settings.allow_messages_after_resolved);
    });
  }

  /** The conversation that takes the message, locked; null: a new one opens. */
  private async target(tx: EntityManager, inboxId: number, message: IncomingWrite, reopens: boolean) {
    if (message.into !== 'newest_of_contact')
      return message.into.threaded === null ? null : this.conversations.lockById(tx, message.into.threaded);
    const latest = await this.conversations.lockLatestOfContactInbox(tx, inboxId, message.contact.source_id);
    return latest?.status === 'resolved' && !reopens ? null : latest;
  }
}
