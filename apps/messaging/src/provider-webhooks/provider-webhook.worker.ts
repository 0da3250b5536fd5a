import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AnnouncedPollingLoop, SERVICE_CONFIG, type ServiceConfig } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { InboxesLoader } from '../inboxes/inboxes.loader';
import { ProviderChannelsAdapter } from '../inboxes/provider-channels.adapter';
import { MESSAGING_CONFIG, type ChannelsConfig, type MessagingConfig } from '../messaging.config';
import { InboundProviderMessageService } from './inbound-provider-message.service';
import {
  CLAIM_PROVIDER_WEBHOOKS,
  FINISH_PROVIDER_WEBHOOK,
  PROVIDER_WEBHOOKS_DUE_CHANNEL,
  RETRY_PROVIDER_WEBHOOK,
  type ClaimedProviderWebhook,
} from './persistence/provider-webhook.row';
import { inboundDelivery } from './provider-webhooks.service';

const BATCH = 16;
/** After this many failed runs a delivery waits a day between tries: it stays in the table, visible to operators. */
const PATIENT_ATTEMPTS = 10;

/**
 * Applies stored provider webhooks, each under a lease: a crash mid-way leaves it to be applied
 * again, which adds nothing twice (messages are found by their provider id, statuses only move
 * forward). Deliveries of one inbox are applied in the order they arrived.
 */
@Injectable()
export class ProviderWebhookWorker extends AnnouncedPollingLoop {
  private readonly settings: ChannelsConfig;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly inboxes: InboxesLoader,
    private readonly providers: ProviderChannelsAdapter,
    private readonly inbound: InboundProviderMessageService,
    @Inject(MESSAGING_CONFIG) config: MessagingConfig,
    @Inject(SERVICE_CONFIG) service: ServiceConfig,
  ) {
    super(
      config.channels.pollIntervalMs,
      'Applying provider webhooks',
      service.database!.url,
      PROVIDER_WEBHOOKS_DUE_CHANNEL,
    );
    this.settings = config.channels;
  }

  protected async pass(): Promise<boolean> {
    // UPDATE … RETURNING answers [rows, count].
    const [claimed]: [ClaimedProviderWebhook[], number] = await this.dataSource.query(CLAIM_PROVIDER_WEBHOOKS, [
      BATCH,
      this.settings.leaseMs,
    ]);
    const byInbox = new Map<number, ClaimedProviderWebhook[]>();
    for (const webhook of claimed) byInbox.set(webhook.inbox_id, [...(byInbox.get(webhook.inbox_id) ?? []), webhook]);
    await Promise.all(
      [...byInbox.values()].map(async (webhooks) => {
        for (const webhook of webhooks) await this.applyOne(webhook);
      }),
    );
    return claimed.length === BATCH;
  }

  private async applyOne(webhook: ClaimedProviderWebhook): Promise<void> {
    try {
      await this.apply(webhook);
      await this.dataSource.query(FINISH_PROVIDER_WEBHOOK, [webhook.id, webhook.lease_id]);
    } catch (error) {
      const reason = (error as Error).message;
      const wait = webhook.attempts >= PATIENT_ATTEMPTS ? 86_400_000 : Math.min(2 ** webhook.attempts * 1000, 300_000);
      this.logger.warn(
        `webhook ${webhook.id} of inbox ${webhook.inbox_id} not applied (try ${webhook.attempts}): ${reason}`,
      );
      await this.dataSource.query(RETRY_PROVIDER_WEBHOOK, [webhook.id, webhook.lease_id, wait, reason]);
    }
  }

  private async apply(webhook: ClaimedProviderWebhook): Promise<void> {
    const inbox = await this.inboxes.channelOf(this.dataSource.manager, webhook.inbox_id);
    const channel = inbox ? this.providers.open(inbox) : null;
    if (!inbox || !channel) return; // the inbox is gone: nothing to apply to
    const messages = await channel.adapter.parse(
      inboundDelivery(webhook.body, webhook.headers, webhook.url),
      channel.settings,
    );
    for (const [index, message] of messages.entries())
      await this.inbound.apply(
        {
          accountId: webhook.account_id,
          inboxId: webhook.inbox_id,
          key: `${webhook.id}-${index}`,
          phoneIdentity: channel.provider === 'whatsapp' || channel.provider === 'twilio',
        },
        message,
      );
  }
}
