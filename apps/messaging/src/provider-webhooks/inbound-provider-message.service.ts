import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { InboundAttachment, InboundMessage } from '@parley/channels';
import { AccountFiles, ContactLinkPatterns, type StoredFile } from '@parley/contracts';
import { FILE_STORAGE, Outbox, RpcClient, type FileStorage } from '@parley/service-kit';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { DeliveryStatusService } from '../channel-sends/delivery-status.service';
import { ChannelSendQueueWriter } from '../conversations/channel-send-queue.writer';
import { ConversationChangesService } from '../conversations/conversation-changes.service';
import { ConversationLoader } from '../conversations/conversation.loader';
import { ConversationInsertsWriter } from '../conversations/conversation-inserts.writer';
import { ConversationWriter } from '../conversations/conversation.writer';
import { MessageLoader } from '../conversations/message.loader';
import { MessageWriter } from '../conversations/message.writer';
import { InboxesLoader } from '../inboxes/inboxes.loader';
import { StatusService } from '../status/status.service';

/** Where one parsed message of a stored webhook came from: its inbox and a key unique to it (for file keys). */
export interface InboundOrigin {
  accountId: number;
  inboxId: number;
  /** `<webhook id>-<index>`: the files of a second run land under the same keys. */
  key: string;
  /** The provider names senders by phone number (WhatsApp, SMS): the contact gets it too. */
  phoneIdentity: boolean;
  /** Asks the provider for the name of a sender its webhooks name by id only (Messenger, Instagram). */
  senderName?: (identity: string) => Promise<string | null>;
}

/** A file name safe in a storage key. */
function safeName(filename: string, index: number): string {
  const name = filename
    .replace(/[^\w.-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 120);
  return name || `attachment-${index + 1}`;
}

/**
 * Applies one message of a provider's webhook: a receipt moves its message's status (forward
 * only); a message seen before (same provider id) changes nothing; otherwise the contact (found
 * by its provider identity or created) writes into its contact inbox's newest conversation —
 * a resolved one reopens when the inbox allows it, else a new one opens. An echo of what the
 * business sent from the provider's own app is stored as outgoing and never sent again.
 */
@Injectable()
export class InboundProviderMessageService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly rpc: RpcClient,
    private readonly statuses: DeliveryStatusService,
    private readonly messages: MessageLoader,
    private readonly writer: MessageWriter,
    private readonly inserts: ConversationInsertsWriter,
    private readonly conversations: ConversationWriter,
    private readonly changes: ConversationChangesService,
    private readonly status: StatusService,
    private readonly inboxes: InboxesLoader,
    private readonly queue: ChannelSendQueueWriter,
    private readonly conversationsOfInbox: ConversationLoader,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async apply(origin: InboundOrigin, inbound: InboundMessage): Promise<void> {
    if (inbound.kind === 'status_update' || inbound.kind === 'bounce') {
      const change = inbound.statusChange;
      if (!change) return;
      await this.outbox.transaction(async (tx, emit) => {
        const ids = change.watermark
          ? await this.messages.sentToContactUpTo(
              tx,
              origin.inboxId,
              change.watermark.contact,
              new Date(change.watermark.upTo),
            )
          : [change.providerMessageId];
        for (const id of ids)
          await this.statuses.report(tx, emit, origin.inboxId, { ...change, providerMessageId: id });
      });
      return;
    }
    if (inbound.kind !== 'message') return;
    if (inbound.echo && inbound.sentMessageId !== undefined && inbound.sourceId) {
      // The echo of Parley's own send, marked: it may come before the send's answer is recorded.
      const { sentMessageId, sourceId } = inbound;
      const own = await this.outbox.transaction((tx) =>
        this.statuses.settle(tx, origin.inboxId, sentMessageId, sourceId),
      );
      if (own) return;
    }
    const manager = this.dataSource.manager;
    if (inbound.sourceId && (await this.messages.byProviderId(manager, origin.inboxId, inbound.sourceId))) return;
    // An unmarked echo (Instagram) while a send to the contact awaits its answer may be that send's:
    // applied again later (the webhook worker's back-off), once the answer names it or the send is over.
    if (inbound.echo && (await this.queue.attemptUnderWay(manager, origin.inboxId, inbound.sender.identity)))
      throw new Error('an echo while a send to this contact awaits its answer: applied once the answer is recorded');
    const sender = await this.rpc.send(ContactLinkPatterns.identify, {
      account_id: origin.accountId,
      inbox_id: origin.inboxId,
      source_id: inbound.sender.identity,
      name: inbound.sender.name ?? (await this.nameOfNewSender(origin, inbound.sender.identity)),
      phone_number: origin.phoneIdentity ? plusPrefixed(inbound.sender.identity) : null,
    });
    if (sender.blocked && !inbound.echo) return;
    const files = await this.store(origin, inbound.attachments);
    await this.outbox.transaction(async (tx, emit) => {
      // One delivery applied at a time per provider id: a second worker waits here, then finds the message.
      if (inbound.sourceId) {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`inbound:${origin.inboxId}:${inbound.sourceId}`]);
        if (await this.messages.byProviderId(tx, origin.inboxId, inbound.sourceId)) return;
      }
      const settings = await this.inboxes.messageSettings(tx, origin.inboxId);
      let conversation = await this.conversations.lockLatestOfContactInbox(tx, origin.inboxId, sender.source_id);
      if (conversation?.status === 'resolved' && !settings.allow_messages_after_resolved) conversation = null;
      const opened = !conversation;
      if (!conversation) {
        const [displayId] = await this.inserts.nextDisplayIds(origin.accountId, 1);
        ({ conversation } = await this.inserts.insert(tx, emit, origin.accountId, displayId, {
          inbox_id: origin.inboxId,
          contact_id: sender.contact_id,
          source_id: sender.source_id,
          status: 'open',
          assignee_id: null,
          team_id: null,
          custom_attributes: {},
          additional_attributes: {},
          campaign_id: null,
        }));
      }
      await this.writer.write(tx, emit, conversation, {
        content: inbound.content,
        messageType: inbound.echo ? 'outgoing' : 'incoming',
        contentAttributes: inbound.echo
          ? { ...inbound.contentAttributes, external_echo: true }
          : inbound.contentAttributes,
        sourceId: inbound.sourceId,
        senderType: inbound.echo ? null : 'contact',
        senderId: inbound.echo ? null : sender.contact_id,
        files,
      });
      if (inbound.echo) return;
      if (opened) await this.changes.autoAssign(tx, emit, conversation);
      else await this.status.wakeUpOnIncoming(tx, emit, conversation, settings.allow_messages_after_resolved);
    });
  }

  /** The provider's name for a sender the inbox has never had a conversation with (one lookup per new contact). */
  private async nameOfNewSender(origin: InboundOrigin, identity: string): Promise<string | null> {
    if (!origin.senderName) return null;
    if (await this.conversationsOfInbox.hasContactInbox(this.dataSource.manager, origin.inboxId, identity)) return null;
    return origin.senderName(identity).catch(() => null);
  }

  /** The media into storage, under keys of this delivery (a second run writes the same files again). */
  private async store(origin: InboundOrigin, attachments: InboundAttachment[]): Promise<StoredFile[]> {
    const files: StoredFile[] = [];
    for (const [index, attachment] of attachments.entries()) {
      const name = safeName(attachment.filename, index);
      const key = `${AccountFiles.messages(origin.accountId)}/webhook-${origin.key}-${index}/${name}`;
      const size = await this.storage.put(key, Readable.from([attachment.content]), attachment.content.length + 1);
      files.push({ storage_key: key, file_name: name, content_type: attachment.contentType, file_size: size });
    }
    return files;
  }
}

/** A provider's phone identity (WhatsApp gives digits only) in E.164. */
function plusPrefixed(identity: string): string {
  return identity.startsWith('+') ? identity : `+${identity}`;
}
