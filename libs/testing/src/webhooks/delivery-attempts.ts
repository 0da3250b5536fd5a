import type { WebhookDeliveryAttempt } from '@parley/contracts';
import type { ApiClient } from '../client/api-client';
import { eventually } from '../eventually';

/** Waits until a webhook's delivery log (through the gateway) holds `count` attempts; answers them oldest first. */
export async function waitForDeliveryAttempts(api: ApiClient, webhookId: number, count: number): Promise<WebhookDeliveryAttempt[]> {
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
