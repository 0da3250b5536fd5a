import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { InboundMessage } from '@parley/channels';
import { ContactLinkPatterns } from '@parley/contracts';
import { Outbox, RpcClient } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { DeliveryStatusService } from '../channel-sends/delivery-status.service';
import { ChannelSendQueueWriter } from '../conversations/channel-send-queue.writer';
import { ConversationLoader } from '../conversations/conversation.loader';
import { MessageLoader } from '../conversations/message.loader';
import { IncomingMessageWriter } from '../incoming-messages/incoming-message.writer';

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
    private readonly queue: ChannelSendQueueWriter,
    private readonly conversationsOfInbox: ConversationLoader,
    private readonly incoming: IncomingMessageWriter,
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
    const write = { accountId: origin.accountId, inboxId: origin.inboxId, fileKey: `webhook-${origin.key}` };
    await this.incoming.write(write, {
      sourceId: inbound.sourceId,
      contact: sender,
      into: 'newest_of_contact',
      content: inbound.content,
      contentAttributes: inbound.contentAttributes,
      files: await this.incoming.storeFiles(write, inbound.attachments),
      echo: inbound.echo,
    });
  }

  /** The provider's name for a sender the inbox has never had a conversation with (one lookup per new contact). */
  private async nameOfNewSender(origin: InboundOrigin, identity: string): Promise<string | null> {
    if (!origin.senderName) return null;
    if (await this.conversationsOfInbox.hasContactInbox(this.dataSource.manager, origin.inboxId, identity)) return null;
    return origin.senderName(identity).catch(() => null);
  }
}

/** A provider's phone identity (WhatsApp gives digits only) in E.164. */
function plusPrefixed(identity: string): string {
  return identity.startsWith('+') ? identity : `+${identity}`;
}
