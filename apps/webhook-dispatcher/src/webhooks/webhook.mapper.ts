import type { Webhook, WebhookEventName } from '@parley/contracts';
import type { WebhookRow } from './persistence/webhook.row';

export function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    account_id: row.account_id,
    url: row.url,
    subscriptions: row.subscriptions as WebhookEventName[],
    secret: row.secret,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
