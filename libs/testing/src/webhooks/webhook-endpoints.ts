import { WEBHOOK_HEADERS } from '@parley/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readE2eState } from '../harness/e2e-state';
import type { EndpointBehaviour, ReceivedRequest } from './received-request';

export interface WebhookEndpoint {
  id: string;
  /** An HTTPS URL the dispatcher may call (its host is on the run's allow-list). */
  url: string;
  requests(): Promise<ReceivedRequest[]>;
  behave(behaviour: EndpointBehaviour): Promise<void>;
}

async function control<T>(path: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(`${readE2eState().controlUrl}/webhook-receiver${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`webhook receiver ${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A fresh endpoint on the run's HTTPS test receiver, recording what reaches it. */
export async function createWebhookEndpoint(behaviour: EndpointBehaviour = {}): Promise<WebhookEndpoint> {
  const { id, url } = await control<{ id: string; url: string }>('/endpoints', 'POST', behaviour);
  return {
    id,
    url,
    requests: () => control<ReceivedRequest[]>(`/endpoints/${id}/requests`, 'GET'),
    behave: async (next) => void (await control(`/endpoints/${id}/behaviour`, 'POST', next)),
  };
}

/** What any receiver does: recompute HMAC-SHA256(secret, "<timestamp>.<raw body>") and compare in constant time. */
export function verifyParleySignature(secret: string, request: Pick<ReceivedRequest, 'headers' | 'body'>): boolean {
  const timestamp = request.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()];
  const signature = request.headers[WEBHOOK_HEADERS.signature.toLowerCase()] ?? '';
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')}`;
  return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}
