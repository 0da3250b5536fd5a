import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { conversationOfMessageId, type InboundMessage } from '@parley/channels';
import { ContactLinkPatterns } from '@parley/contracts';
import { Outbox, RpcClient } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { ChannelProvidersAdapter } from '../channel-sends/channel-providers.adapter';
import { DeliveryStatusService } from '../channel-sends/delivery-status.service';
import { MessageLoader } from '../conversations/message.loader';
import { IncomingMessageWriter } from '../incoming-messages/incoming-message.writer';
import type { ClaimedInboundEmail } from './persistence/inbound-email.row';

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
    private readonly incoming: IncomingMessageWriter,
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
    const origin = { accountId: email.account_id, inboxId: email.inbox_id, fileKey: `email-${email.id}` };
    const subject = (inbound.contentAttributes['email'] as { subject?: string } | undefined)?.subject ?? null;
    await this.incoming.write(origin, {
      sourceId: inbound.sourceId,
      contact: sender,
      into: { threaded },
      content: inbound.content,
      contentAttributes: inbound.contentAttributes,
      files: await this.incoming.storeFiles(origin, inbound.attachments),
      openedWith: subject ? { mail_subject: subject } : {},
    });
  }
}
