import { WEBHOOK_DELIVERIES_PAGE_SIZE, type WebhookDeliveryAttempt, type WebhookDeliveryPage } from '@parley/contracts';
import type { ApiClient } from '../client/api-client';
import { eventually } from '../eventually';

/** Waits until a webhook's delivery log (through the gateway) holds `count` attempts; answers them oldest first. */
export async function waitForDeliveryAttempts(
  api: ApiClient,
  webhookId: number,
  count: number,
): Promise<WebhookDeliveryAttempt[]> {
  return eventually(
    async () => {
      const { status, body } = await api.get(`/webhooks/${webhookId}/deliveries`);
      if (status !== 200) throw new Error(`the delivery log answered ${status}`);
      if (body.payload.length !== count) throw new Error(`${body.payload.length} attempts so far`);
      return [...(body.payload as WebhookDeliveryAttempt[])].reverse();
    },
    { timeoutMs: 20_000, description: `${count} delivery attempts of webhook ${webhookId}` },
  );
}

/**
 * Every attempt in a webhook's delivery log, page after page, newest first. `meta.count` counts
 * attempts (failed ones too), not deliveries, and a page holds only the newest few.
 */
export async function allDeliveryAttempts(api: ApiClient, webhookId: number): Promise<WebhookDeliveryAttempt[]> {
  const attempts: WebhookDeliveryAttempt[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await api.get(`/webhooks/${webhookId}/deliveries?page=${page}`);
    if (status !== 200) throw new Error(`the delivery log answered ${status}`);
    const { meta, payload } = body as WebhookDeliveryPage;
    attempts.push(...payload);
    if (payload.length < WEBHOOK_DELIVERIES_PAGE_SIZE || attempts.length >= meta.count) break;
  }
  // Attempts logged between two pages' reads shift the pages: one attempt may be read twice.
  return [...new Map(attempts.map((attempt) => [attempt.id, attempt])).values()];
}
