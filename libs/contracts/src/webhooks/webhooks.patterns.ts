import type { AccountScoped, ById } from '../rpc/caller';
import type {
  CreateWebhookInput,
  EnqueueDeliveryInput,
  UpdateWebhookInput,
  Webhook,
  WebhookDeliveryAttempt,
  WebhookDeliveryPage,
} from './webhook.types';

export const WebhookPatterns = {
  list: 'webhook-dispatcher.webhooks.list',
  create: 'webhook-dispatcher.webhooks.create',
  update: 'webhook-dispatcher.webhooks.update',
  delete: 'webhook-dispatcher.webhooks.delete',
  deliveries: 'webhook-dispatcher.webhooks.deliveries',
} as const;

/** Commands the dispatcher answers for other services. */
export const DeliveryPatterns = {
  enqueue: 'webhook-dispatcher.deliveries.enqueue',
  /** The attempts made so far for one queued delivery, oldest first. */
  attempts: 'webhook-dispatcher.deliveries.attempts',
} as const;

export interface WebhooksRpc {
  [WebhookPatterns.list]: { request: AccountScoped; response: Webhook[] };
  [WebhookPatterns.create]: { request: AccountScoped & { data: CreateWebhookInput }; response: Webhook };
  [WebhookPatterns.update]: { request: ById & { data: UpdateWebhookInput }; response: Webhook };
  [WebhookPatterns.delete]: { request: ById; response: null };
  /** Attempts of the webhook's deliveries, newest first, 25 per page. */
  [WebhookPatterns.deliveries]: { request: ById & { page?: number }; response: WebhookDeliveryPage };
  /** Queued durably; the answer comes before the first attempt. */
  [DeliveryPatterns.enqueue]: { request: EnqueueDeliveryInput; response: { delivery_id: string } };
  [DeliveryPatterns.attempts]: {
    request: { account_id: number; delivery_id: string };
    response: WebhookDeliveryAttempt[];
  };
}
