import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { conversationOfReplyAddress, InboundSmtpListener, type ReceivedEmail } from '@parley/channels';
import { readFileSync } from 'node:fs';
import { DataSource, type EntityManager } from 'typeorm';
import { ConversationLoader } from '../conversations/conversation.loader';
import { InboxesLoader, type ChannelInbox } from '../inboxes/inboxes.loader';
import { MESSAGING_CONFIG, type ChannelsConfig, type MessagingConfig } from '../messaging.config';
import { STORE_INBOUND_EMAIL } from './persistence/inbound-email.row';

/**
 * Parley's inbound SMTP server (`MAIL_INBOUND_SMTP_PORT`): the MX or forwarding target of
 * e-mail inboxes. It accepts only an inbox's address, its forwarding address or a `reply+`
 * address of an existing conversation (550 for anything else: never an open relay), stores
 * the raw mail per inbox in one transaction and only then answers 250.
 */
@Injectable()
export class InboundSmtpAdapter implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(InboundSmtpAdapter.name);
  private readonly settings: ChannelsConfig;
  private listener: InboundSmtpListener | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly inboxes: InboxesLoader,
    private readonly conversations: ConversationLoader,
    @Inject(MESSAGING_CONFIG) config: MessagingConfig,
  ) {
    this.settings = config.channels;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.settings.mailInboundSmtpPort === null) return;
    const tls = this.settings.mailInboundTls;
    this.listener = new InboundSmtpListener({
      hostname: this.settings.mailInboundDomain,
      maxMessageBytes: this.settings.mailInboundMaxBytes,
      tls: tls ? { key: readFileSync(tls.keyFile), cert: readFileSync(tls.certFile) } : undefined,
      acceptsRecipient: async (address) => (await this.inboxFor(this.dataSource.manager, address)) !== null,
      onEmail: (email) => this.store(email),
      onError: (error) => this.logger.warn(`inbound SMTP: ${error.message}`),
    });
    const port = await this.listener.listen(this.settings.mailInboundSmtpPort);
    this.logger.log(`Receiving e-mail for ${this.settings.mailInboundDomain} on SMTP port ${port}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.listener?.close();
  }

  /** The inbox a recipient address reaches, or null. */
  private async inboxFor(manager: EntityManager, address: string): Promise<ChannelInbox | null> {
    const direct = await this.inboxes.emailInboxFor(manager, address, this.settings.mailInboundDomain);
    if (direct) return direct;
    const uuid = conversationOfReplyAddress([address], this.settings.mailInboundDomain);
    const inboxId = uuid ? await this.conversations.inboxOfUuid(manager, uuid) : null;
    return inboxId === null ? null : this.inboxes.channelOf(manager, inboxId);
  }

  /** One row per inbox the mail reaches (an e-mail to two inboxes is two inboxes' mail), in one transaction. */
  private async store(email: ReceivedEmail): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      const reached = new Map<number, ChannelInbox>();
      for (const recipient of email.recipients) {
        const inbox = await this.inboxFor(tx, recipient);
        if (inbox) reached.set(inbox.id, inbox);
      }
      for (const inbox of reached.values())
        await tx.query(STORE_INBOUND_EMAIL, [inbox.account_id, inbox.id, email.raw, email.recipients, null, null]);
    });
  }
}
