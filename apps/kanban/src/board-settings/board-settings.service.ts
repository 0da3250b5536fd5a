import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DeliveryPatterns,
  KanbanErrors,
  type KanbanConfig,
  type KanbanConfigInput,
  type KanbanWebhookTest,
} from '@parley/contracts';
import { DomainError, publicHttpsUrl, RpcClient } from '@parley/service-kit';
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { DataSource, type EntityManager } from 'typeorm';
import { KANBAN_SERVICE_CONFIG, type KanbanServiceConfig } from '../kanban.config';
import { BoardSettingsLoader } from './board-settings.loader';
import { checkedEvents, DEFAULT_OPTIONS, mergedOptions } from './board-settings.rules';
import { sampleItemPayload } from './sample-item.mapper';

/** How often `test_webhook` looks at the dispatcher's attempts while it waits for the first one. */
const ATTEMPT_POLL_MS = 100;

/** The account's Kanban configuration: defaults until one is saved; DELETE returns to them. */
@Injectable()
export class BoardSettingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly loader: BoardSettingsLoader,
    private readonly rpc: RpcClient,
    @Inject(KANBAN_SERVICE_CONFIG) private readonly config: KanbanServiceConfig,
  ) {}

  show(accountId: number): Promise<KanbanConfig> {
    return this.loader.of(accountId);
  }

  /** `replace` starts from the defaults (POST, PUT); otherwise the stored configuration is patched (PATCH). */
  async save(accountId: number, input: KanbanConfigInput, replace: boolean): Promise<KanbanConfig> {
    const current = await this.loader.of(accountId);
    const base = replace
      ? { enabled: true, webhook_url: null, webhook_secret: null, webhook_events: [], config: { ...DEFAULT_OPTIONS } }
      : current;
    const url =
      input.webhook_url === undefined
        ? base.webhook_url
        : input.webhook_url === null || input.webhook_url.trim() === ''
          ? null
          : await this.checkedUrl(input.webhook_url);
    const givenSecret = input.webhook_secret === undefined ? base.webhook_secret : input.webhook_secret || null;
    // A URL without a secret would send unsigned requests: one is generated (shown in the record).
    const secret =
      url && !givenSecret ? (current.webhook_secret ?? randomBytes(24).toString('base64url')) : givenSecret;
    const events = input.webhook_events === undefined ? base.webhook_events : checkedEvents(input.webhook_events);
    const options = mergedOptions(base.config, input.config ?? {});
    await this.dataSource.query(
      `INSERT INTO kanban.kanban_configs (account_id, enabled, webhook_url, webhook_secret, webhook_events, options)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (account_id) DO UPDATE SET enabled = EXCLUDED.enabled, webhook_url = EXCLUDED.webhook_url, webhook_secret = EXCLUDED.webhook_secret,
         webhook_events = EXCLUDED.webhook_events, options = EXCLUDED.options, updated_at = now()`,
      [accountId, input.enabled ?? base.enabled, url, secret, events, JSON.stringify(options)],
    );
    return this.loader.of(accountId);
  }

  /** A deleted account's settings (its Kanban webhook with them). */
  async deleteOfAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM kanban.kanban_configs WHERE account_id = $1', [accountId]);
  }

  async delete(accountId: number): Promise<null> {
    await this.dataSource.query('DELETE FROM kanban.kanban_configs WHERE account_id = $1', [accountId]);
    return null;
  }

  /**
   * One signed simulated `kanban.item.created` (with `"test": true`) through the dispatcher's
   * delivery command, whatever `webhook_events` selects; answers the first attempt's outcome,
   * or `pending` if it has none within the wait.
   */
  async testWebhook(accountId: number): Promise<KanbanWebhookTest> {
    const config = await this.loader.of(accountId);
    if (!config.webhook_url)
      throw new DomainError(KanbanErrors.webhookUrlMissing, 'Configure a webhook_url before testing it', [
        'webhook_url',
      ]);
    const payload = {
      id: randomUUID(),
      event: 'kanban.item.created',
      test: true,
      created_at: Math.floor(Date.now() / 1000),
      account_id: accountId,
      data: sampleItemPayload(accountId),
    };
    const { delivery_id } = await this.rpc.send(DeliveryPatterns.enqueue, {
      account_id: accountId,
      url: config.webhook_url,
      secret: config.webhook_secret ?? '',
      event: payload.event,
      payload,
    });
    const deadline = Date.now() + this.config.testWebhookWaitMs;
    while (Date.now() < deadline) {
      const [first] = await this.rpc.send(DeliveryPatterns.attempts, { account_id: accountId, delivery_id });
      if (first) return { delivery_id, state: first.state, status_code: first.status_code, error: first.error };
      await delay(ATTEMPT_POLL_MS);
    }
    return { delivery_id, state: 'pending', status_code: null, error: null };
  }

  private checkedUrl(url: string): Promise<string> {
    return publicHttpsUrl(url, 'webhook_url', 'Webhook URL', this.config.allowedHosts);
  }
}
