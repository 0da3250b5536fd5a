import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { decryptSecrets, EmailChannel, type ChannelAdapter, type EmailChannelSettings } from '@parley/channels';
import { CHANNEL_TYPES } from '@parley/contracts';
import { DataSource } from 'typeorm';
import type { ChannelInbox } from '../inboxes/inboxes.loader';
import { ProviderChannelsAdapter } from '../inboxes/provider-channels.adapter';
import { MESSAGING_CONFIG, type MessagingConfig } from '../messaging.config';
import { SandboxChannelAdapter } from './sandbox-channel.adapter';

/** An inbox's provider, ready to send: the adapter and the inbox's settings with secrets opened. */
export interface ConnectedChannel {
  adapter: ChannelAdapter<unknown>;
  settings: unknown;
}

/**
 * Which provider serves an inbox (decisions.md "Channels"): e-mail through its own SMTP server
 * or `SMTP_URL`; a provider inbox without credentials is not connected, unless the sandbox
 * (`CHANNEL_SANDBOX=1`) stands in for it.
 */
@Injectable()
export class ChannelProvidersAdapter {
  private readonly email: EmailChannel;
  private readonly sandboxes = new Map<string, SandboxChannelAdapter>();

  constructor(
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly providerChannels: ProviderChannelsAdapter,
  ) {
    this.email = new EmailChannel({
      defaultSmtpUrl: config.channels.smtpUrl,
      inboundDomain: config.channels.mailInboundDomain,
      maxInboundBytes: config.channels.mailInboundMaxBytes,
      // Well inside the send's lease: an attempt ends before another may start.
      sendTimeoutMs: Math.floor(config.channels.leaseMs * 0.8),
    });
  }

  /** The e-mail adapter (inbound mail is parsed by it too). */
  get emailChannel(): EmailChannel {
    return this.email;
  }

  /** Null when the inbox cannot send (no provider, no credentials, no sandbox). */
  connect(inbox: ChannelInbox): ConnectedChannel | null {
    if (inbox.channel_type === CHANNEL_TYPES.email)
      return { adapter: this.email as ChannelAdapter<unknown>, settings: this.emailSettings(inbox) };
    const provider = this.providerChannels.open(inbox);
    if (provider?.connected) return { adapter: provider.adapter, settings: provider.settings };
    if (!this.config.channels.sandbox) return null;
    let sandbox = this.sandboxes.get(inbox.channel_type);
    if (!sandbox) {
      sandbox = new SandboxChannelAdapter(this.dataSource, this.config.channels.sandboxFailText, inbox.channel_type);
      this.sandboxes.set(inbox.channel_type, sandbox);
    }
    return { adapter: sandbox, settings: {} };
  }

  /** The inbox's e-mail settings with its passwords opened; never to be shown or logged. */
  emailSettings(inbox: ChannelInbox): EmailChannelSettings {
    const stored = { ...inbox.channel_settings, email: inbox.email ?? '' } as EmailChannelSettings;
    const cipher = this.config.channels.cipher;
    if (!stored.smtp_password && !stored.imap_password) return stored;
    if (!cipher) throw new Error('channel credentials are sealed but CHANNEL_CREDENTIALS_KEY is not set');
    return decryptSecrets(cipher, stored, `inbox:${inbox.uuid}`);
  }
}
