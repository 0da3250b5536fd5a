import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AnnouncedPollingLoop, SERVICE_CONFIG, type ServiceConfig } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { InboxesLoader } from '../inboxes/inboxes.loader';
import { ProviderChannelsAdapter } from '../inboxes/provider-channels.adapter';
import { MESSAGING_CONFIG, type ChannelsConfig, type MessagingConfig } from '../messaging.config';
import { InboundProviderMessageService, type InboundOrigin } from './inbound-provider-message.service';
import type { InboundMessage } from '@parley/channels';
import {
  CLAIM_PROVIDER_WEBHOOKS,
  FINISH_PROVIDER_WEBHOOK,
  PROVIDER_WEBHOOKS_DUE_CHANNEL,
  RETRY_PROVIDER_WEBHOOK,
  type ClaimedProviderWebhook,
} from './persistence/provider-webhook.row';
import { inboundDelivery } from './provider-webhooks.service';

const BATCH = 16;
/** Contacts whose messages are applied side by side. */
const CONTACTS_AT_ONCE = 4;

interface ParsedItem {
  webhook: ClaimedProviderWebhook;
  origin: InboundOrigin;
  message: InboundMessage;
}
/** After this many failed runs a delivery waits a day between tries: it stays in the table, visible to operators. */
const PATIENT_ATTEMPTS = 10;

/**
 * Applies stored provider webhooks, each under a lease: a crash mid-way leaves it to be applied
 * again, which adds nothing twice (messages are found by their provider id, statuses only move
 * forward). A batch is parsed first; one contact's messages are then applied in the order they
 * arrived, different contacts' side by side.
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
    const failures = new Map<string, Error>();
    const parsed = await Promise.all(
      claimed.map(async (webhook) => {
        try {
          return await this.parse(webhook);
        } catch (error) {
          failures.set(webhook.id, error as Error);
          return [];
        }
      }),
    );
    // One contact's messages in the order they arrived; different contacts side by side.
    const byContact = new Map<string, ParsedItem[]>();
    for (const item of parsed.flat()) {
      const key = `${item.origin.inboxId}:${item.message.sender.identity}`;
      byContact.set(key, [...(byContact.get(key) ?? []), item]);
    }
    const groups = [...byContact.values()];
    // A few contacts at a time: each holds a connection while it writes, and new webhooks must still be stored.
    await Promise.all(
      Array.from({ length: Math.min(CONTACTS_AT_ONCE, groups.length) }, async () => {
        for (let items = groups.shift(); items; items = groups.shift()) {
          for (const { webhook, origin, message } of items) {
            if (failures.has(webhook.id)) continue;
            await this.inbound.apply(origin, message).catch((error: Error) => failures.set(webhook.id, error));
          }
        }
      }),
    );
    for (const webhook of claimed) await this.finish(webhook, failures.get(webhook.id));
    return claimed.length === BATCH;
  }

  /** Applied: the row goes; failed: it is due again later (a second run adds nothing twice). */
  private async finish(webhook: ClaimedProviderWebhook, failure: Error | undefined): Promise<void> {
    if (!failure) return void (await this.dataSource.query(FINISH_PROVIDER_WEBHOOK, [webhook.id, webhook.lease_id]));
    const wait = webhook.attempts >= PATIENT_ATTEMPTS ? 86_400_000 : Math.min(2 ** webhook.attempts * 1000, 300_000);
    this.logger.warn(
      `webhook ${webhook.id} of inbox ${webhook.inbox_id} not applied (try ${webhook.attempts}): ${failure.message}`,
    );
    await this.dataSource.query(RETRY_PROVIDER_WEBHOOK, [webhook.id, webhook.lease_id, wait, failure.message]);
  }

  /** The delivery's messages (media fetched), each with where it belongs. */
  private async parse(webhook: ClaimedProviderWebhook): Promise<ParsedItem[]> {
    const inbox = await this.inboxes.channelOf(this.dataSource.manager, webhook.inbox_id);
    const channel = inbox ? this.providers.open(inbox) : null;
    if (!inbox || !channel) return []; // the inbox is gone: nothing to apply to
    const messages = await channel.adapter.parse(
      inboundDelivery(webhook.body, webhook.headers, webhook.url),
      channel.settings,
    );
    return messages.map((message, index) => ({
      webhook,
      message,
      origin: {
        accountId: webhook.account_id,
        inboxId: webhook.inbox_id,
        key: `${webhook.id}-${index}`,
        phoneIdentity: channel.provider === 'whatsapp' || channel.provider === 'twilio',
        senderName: channel.adapter.senderName
          ? (identity: string) => channel.adapter.senderName!(channel.settings, identity)
          : undefined,
      },
    }));
  }
}
