import { Inject, Injectable } from '@nestjs/common';
import {
  decryptSecrets,
  MetaMessagingChannel,
  TelegramChannel,
  TwilioChannel,
  WhatsAppChannel,
  type ChannelAdapter,
  type CredentialVerdict,
} from '@parley/channels';
import type { ChannelType, WebhookProvider } from '@parley/contracts';
import { MESSAGING_CONFIG, type MessagingConfig } from '../messaging.config';
import type { ChannelInbox } from './inboxes.loader';
import {
  inboundWebhookUrl,
  PROVIDER_OF_CHANNEL,
  providerConnected,
  type StoredProviderSettings,
} from './provider-settings.rules';

/** A provider inbox ready to talk to its provider: the adapter and the settings with secrets opened. */
export interface ProviderChannel {
  provider: WebhookProvider;
  adapter: ChannelAdapter<unknown>;
  /** Never to be shown or logged. */
  settings: unknown;
  connected: boolean;
}

/**
 * The provider adapters (WhatsApp Cloud, Messenger, Instagram, Telegram, Twilio) with their base URLs from the
 * settings, and each provider inbox's settings opened for them: what sending, receiving and
 * the credential check on inbox create/update share.
 */
@Injectable()
export class ProviderChannelsAdapter {
  private readonly adapters: Record<WebhookProvider, ChannelAdapter<unknown>>;
  readonly telegram: TelegramChannel;

  constructor(@Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig) {
    const { graphApi, telegramApiBaseUrl, twilioApiBaseUrl, providerMediaMaxBytes } = config.channels;
    this.telegram = new TelegramChannel({
      apiRoot: telegramApiBaseUrl,
      maxMediaBytes: Math.min(providerMediaMaxBytes, 20 * 1024 * 1024),
    });
    const meta = { graph: graphApi, maxMediaBytes: providerMediaMaxBytes };
    this.adapters = {
      whatsapp: new WhatsAppChannel(meta) as ChannelAdapter<unknown>,
      messenger: new MetaMessagingChannel('messenger', meta) as ChannelAdapter<unknown>,
      instagram: new MetaMessagingChannel('instagram', meta) as ChannelAdapter<unknown>,
      telegram: this.telegram as ChannelAdapter<unknown>,
      twilio: new TwilioChannel({
        apiBaseUrl: twilioApiBaseUrl,
        maxMediaBytes: providerMediaMaxBytes,
      }) as ChannelAdapter<unknown>,
    };
  }

  providerOf(channelType: ChannelType): WebhookProvider | null {
    return PROVIDER_OF_CHANNEL[channelType] ?? null;
  }

  /** The inbox's provider, or null for channels no provider adapter serves (yet). */
  open(inbox: ChannelInbox): ProviderChannel | null {
    const provider = this.providerOf(inbox.channel_type);
    const adapter = provider ? this.adapters[provider] : undefined;
    if (!provider || !adapter) return null;
    const stored = inbox.channel_settings as StoredProviderSettings;
    return {
      provider,
      adapter,
      settings: this.opened(inbox, stored),
      connected: providerConnected(provider, stored),
    };
  }

  /** Asks the provider whether the (sealed) settings' credentials are good. */
  async check(inbox: ChannelInbox): Promise<CredentialVerdict> {
    const channel = this.open(inbox);
    if (!channel?.adapter.checkCredentials) return { accepted: true };
    return channel.adapter.checkCredentials(channel.settings);
  }

  webhookUrl(provider: WebhookProvider, identifier: string | null): string {
    return inboundWebhookUrl(this.config.publicUrl, provider, identifier ?? '');
  }

  private opened(inbox: ChannelInbox, stored: StoredProviderSettings): unknown {
    const cipher = this.config.channels.cipher;
    const settings = cipher ? decryptSecrets(cipher, stored, `inbox:${inbox.uuid}`) : stored;
    const provider = this.providerOf(inbox.channel_type)!;
    return {
      ...settings,
      phone_number: inbox.phone_number,
      inbound_webhook_url: this.webhookUrl(provider, inbox.inbox_identifier),
    };
  }
}
