/** Every event name a webhook may subscribe to (the contract's list). */
export const WEBHOOK_EVENT_NAMES = [
  'conversation_created',
  'conversation_status_changed',
  'conversation_updated',
  'conversation_resolved',
  'conversation_typing_on',
  'conversation_typing_off',
  'message_created',
  'message_updated',
  'contact_created',
  'contact_updated',
  'webwidget_triggered',
  'kanban.item.created',
  'kanban.item.updated',
  'kanban.item.stage_changed',
  'kanban.item.status_changed',
] as const;

export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];

/** Headers of every webhook request; the signature is `sha256=<hex>` of HMAC-SHA256(secret, `<timestamp>.<raw body>`). */
export const WEBHOOK_HEADERS = {
  event: 'X-Parley-Event',
  delivery: 'X-Parley-Delivery',
  timestamp: 'X-Parley-Timestamp',
  signature: 'X-Parley-Signature',
} as const;

export interface Webhook {
  id: number;
  account_id: number;
  url: string;
  subscriptions: WebhookEventName[];
  /** Signs every request to `url`; generated on creation. */
  secret: string;
  /** ISO 8601, as the contract names for webhook records. */
  created_at: string;
  updated_at: string;
}

export interface CreateWebhookInput {
  url: string;
  subscriptions: string[];
}

/** `subscriptions` replaces the previous list completely. */
export type UpdateWebhookInput = Partial<CreateWebhookInput>;

/** What became of one attempt: done, another attempt is scheduled, or the delivery was given up. */
export type DeliveryAttemptState = 'delivered' | 'retrying' | 'discarded';

export interface WebhookDeliveryAttempt {
  id: number;
  /** The `X-Parley-Delivery` value: one per (event, target), the same on every attempt. */
  delivery_id: string;
  event_id: string | null;
  event: string;
  /** 1 for the first try, 2…4 for the retries. */
  attempt: number;
  status_code: number | null;
  error: string | null;
  latency_ms: number;
  attempted_at: string;
  next_retry_at: string | null;
  state: DeliveryAttemptState;
}

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 25;

export interface WebhookDeliveryPage {
  meta: { count: number; current_page: number };
  payload: WebhookDeliveryAttempt[];
}

/**
 * A signed POST that another service wants delivered with the webhook rules (HTTPS, public
 * address, 5 s timeout, retries): e.g. Kanban's own webhook. `payload` is the JSON body.
 */
export interface EnqueueDeliveryInput {
  account_id: number;
  url: string;
  secret: string;
  event: string;
  payload: Record<string, unknown>;
}
