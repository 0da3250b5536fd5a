import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { conversationOfMessageId, type InboundAttachment, type InboundMessage } from '@parley/channels';
import { AccountFiles, ContactLinkPatterns, type StoredFile } from '@parley/contracts';
import { FILE_STORAGE, Outbox, RpcClient, type FileStorage } from '@parley/service-kit';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { ChannelProvidersAdapter } from '../channel-sends/channel-providers.adapter';
import { DeliveryStatusService } from '../channel-sends/delivery-status.service';
import { ConversationChangesService } from '../conversations/conversation-changes.service';
import { ConversationInsertsWriter } from '../conversations/conversation-inserts.writer';
import { ConversationWriter } from '../conversations/conversation.writer';
import { MessageLoader } from '../conversations/message.loader';
import { MessageWriter } from '../conversations/message.writer';
import { InboxesLoader } from '../inboxes/inboxes.loader';
import { StatusService } from '../status/status.service';
import type { ClaimedInboundEmail } from './persistence/inbound-email.row';

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
 * Applies one received e-mail to its inbox: a bounce fails the message it names; a mail seen
 * before (same Message-ID) changes nothing; a reply joins the conversation it answers (by its
 * headers, then its `reply+` address), anything else opens a conversation — except an
 * automatic reply, which never does. Safe to run again after a crash: nothing is added twice.
 */
@Injectable()
export class InboundEmailService {
  private readonly logger = new Logger(InboundEmailService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly rpc: RpcClient,
    private readonly providers: ChannelProvidersAdapter,
    private readonly statuses: DeliveryStatusService,
    private readonly messages: MessageLoader,
    private readonly writer: MessageWriter,
    private readonly inserts: ConversationInsertsWriter,
    private readonly conversations: ConversationWriter,
    private readonly changes: ConversationChangesService,
    private readonly status: StatusService,
    private readonly inboxes: InboxesLoader,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async apply(email: ClaimedInboundEmail): Promise<void> {
    const channel = this.providers.emailChannel;
    const delivery = { body: email.raw, headers: {}, recipients: email.recipients };
    const verdict = channel.verify(delivery);
    if (!verdict.verified) {
      this.logger.warn(`inbound e-mail ${email.id} of inbox ${email.inbox_id} dropped: ${verdict.reason}`);
      return;
    }
    for (const message of await channel.parse(delivery)) await this.applyOne(email, message);
  }

  private async applyOne(email: ClaimedInboundEmail, inbound: InboundMessage): Promise<void> {
    if (inbound.kind === 'bounce' || inbound.kind === 'status_update') {
      const change = inbound.statusChange;
      if (change) await this.outbox.transaction((tx, emit) => this.statuses.report(tx, emit, email.inbox_id, change));
      return;
    }
    const manager = this.dataSource.manager;
    if (inbound.sourceId && (await this.messages.byProviderId(manager, email.inbox_id, inbound.sourceId))) return;
    const uuid =
      inbound.threading.conversationUuid ??
      inbound.threading.repliesTo.map(conversationOfMessageId).find((found) => found !== null) ??
      null;
    const threaded = await this.messages.conversationForReply(
      manager,
      email.inbox_id,
      inbound.threading.repliesTo,
      uuid,
    );
    // An out-of-office answer may join a conversation, never open one.
    if (!threaded && inbound.kind === 'auto_reply') return;
    const sender = await this.rpc.send(ContactLinkPatterns.identify, {
      account_id: email.account_id,
      inbox_id: email.inbox_id,
      source_id: inbound.sender.identity,
      name: inbound.sender.name,
      email: inbound.sender.identity,
    });
    if (sender.blocked && !threaded) return;
    const files = await this.store(email, inbound.attachments);
    const subject = (inbound.contentAttributes['email'] as { subject?: string } | undefined)?.subject ?? null;
    await this.outbox.transaction(async (tx, emit) => {
      // One delivery applied at a time per Message-ID: a second worker waits here, then finds the message.
      if (inbound.sourceId) {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`inbound:${email.inbox_id}:${inbound.sourceId}`]);
        if (await this.messages.byProviderId(tx, email.inbox_id, inbound.sourceId)) return;
      }
      const settings = await this.inboxes.messageSettings(tx, email.inbox_id);
      let conversation = threaded ? await this.conversations.lockById(tx, threaded) : null;
      const opened = !conversation;
      if (!conversation) {
        const [displayId] = await this.inserts.nextDisplayIds(email.account_id, 1);
        ({ conversation } = await this.inserts.insert(tx, emit, email.account_id, displayId, {
          inbox_id: email.inbox_id,
          contact_id: sender.contact_id,
          source_id: sender.source_id,
          status: 'open',
          assignee_id: null,
          team_id: null,
          custom_attributes: {},
          additional_attributes: subject ? { mail_subject: subject } : {},
          campaign_id: null,
        }));
      }
      await this.writer.write(tx, emit, conversation, {
        content: inbound.content,
        messageType: 'incoming',
        contentAttributes: inbound.contentAttributes,
        sourceId: inbound.sourceId,
        senderType: 'contact',
        senderId: sender.contact_id,
        files,
      });
      if (opened) await this.changes.autoAssign(tx, emit, conversation);
      else await this.status.wakeUpOnIncoming(tx, emit, conversation, settings.allow_messages_after_resolved);
    });
  }

  /** The attachments into storage, under keys of this e-mail (a second run writes the same files again). */
  private async store(email: ClaimedInboundEmail, attachments: InboundAttachment[]): Promise<StoredFile[]> {
    const files: StoredFile[] = [];
    for (const [index, attachment] of attachments.entries()) {
      const name = storedName(attachment.filename, index);
      const key = `${AccountFiles.messages(email.account_id)}/email-${email.id}-${index}/${name}`;
      const size = await this.storage.put(key, Readable.from([attachment.content]), attachment.content.length + 1);
      files.push({ storage_key: key, file_name: name, content_type: attachment.contentType, file_size: size });
    }
    return files;
  }
}
