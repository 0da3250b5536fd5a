import type { Webhook, WebhookEventName } from '@parley/contracts';
import type { WebhookEntity } from './persistence/webhook.orm-entity';

export function toWebhook(entity: WebhookEntity): Webhook {
  return {
    id: entity.id,
    account_id: entity.accountId,
    url: entity.url,
    subscriptions: entity.subscriptions as WebhookEventName[],
    secret: entity.secret,
    created_at: entity.createdAt.toISOString(),
    updated_at: entity.updatedAt.toISOString(),
  };
}
