import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CHANNEL_TYPES,
  ProviderWebhookErrors,
  type ChannelType,
  type ProviderWebhookDelivery,
  type RpcRequest,
  type ProviderWebhookPatterns,
  type WebhookProvider,
} from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { sameSecret, type InboundDelivery } from '@parley/channels';
import { InboxesLoader, type ChannelInbox } from '../inboxes/inboxes.loader';
import { ProviderChannelsAdapter, type ProviderChannel } from '../inboxes/provider-channels.adapter';
import { STORE_PROVIDER_WEBHOOK } from './persistence/provider-webhook.row';

const CHANNEL_OF_PROVIDER: Record<WebhookProvider, ChannelType> = {
  whatsapp: CHANNEL_TYPES.mobile_chat,
  messenger: CHANNEL_TYPES.social_page,
  instagram: CHANNEL_TYPES.social_direct,
  telegram: CHANNEL_TYPES.bot_chat,
  twilio: CHANNEL_TYPES.sms,
};

/** A delivery as the adapters read it. */
export function inboundDelivery(body: Buffer, headers: Record<string, string>, url: string): InboundDelivery {
  return { body, headers, url };
}

/**
 * The webhooks providers post to `/webhooks/{provider}/{inbox_identifier}` (forwarded raw by
 * the gateway): verified with the inbox's provider (signature or secret token) before anything
 * is stored, then stored once for the worker to apply; answered at once.
 */
@Injectable()
export class ProviderWebhooksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly inboxes: InboxesLoader,
    private readonly providers: ProviderChannelsAdapter,
  ) {}

  async receive(delivery: ProviderWebhookDelivery): Promise<{ stored: boolean }> {
    const { inbox, channel } = await this.find(delivery.provider, delivery.inbox_identifier);
    const body = Buffer.from(delivery.body_base64, 'base64');
    const verdict = channel.adapter.verify(inboundDelivery(body, delivery.headers, delivery.url), channel.settings);
    if (!verdict.verified) throw new DomainError(ProviderWebhookErrors.signatureInvalid, verdict.reason);
    const rows: unknown[] = await this.dataSource.query(STORE_PROVIDER_WEBHOOK, [
      inbox.account_id,
      inbox.id,
      body,
      JSON.stringify(delivery.headers),
      delivery.url,
    ]);
    return { stored: rows.length > 0 };
  }

  /** Meta's verification: `hub.mode=subscribe` and the inbox's verify token → the challenge back. */
  async handshake(request: RpcRequest<typeof ProviderWebhookPatterns.handshake>): Promise<{ challenge: string }> {
    const { inbox } = await this.find(request.provider, request.inbox_identifier);
    const settings = inbox.channel_settings as {
      webhook_verify_token?: string;
      provider_config?: { webhook_verify_token?: string };
    };
    const expected = settings.provider_config?.webhook_verify_token ?? settings.webhook_verify_token;
    if (request.mode !== 'subscribe' || !expected || !sameSecret(request.verify_token, expected))
      throw new DomainError(ProviderWebhookErrors.verifyTokenInvalid, 'Error; wrong verify token');
    return { challenge: request.challenge };
  }

  private async find(
    provider: WebhookProvider,
    identifier: string,
  ): Promise<{ inbox: ChannelInbox; channel: ProviderChannel }> {
    const inbox = await this.inboxes.byIdentifier(this.dataSource.manager, CHANNEL_OF_PROVIDER[provider], identifier);
    const channel = inbox ? this.providers.open(inbox) : null;
    if (!inbox || !channel) throw new DomainError(ProviderWebhookErrors.inboxNotFound, 'No inbox receives here');
    return { inbox, channel };
  }
}
