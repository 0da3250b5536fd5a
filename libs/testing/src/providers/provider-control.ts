import { readE2eState } from '../harness/e2e-state';
import type { FakeFailure, FakeProviderRequest } from './fake-provider-server';

export type ProviderFamily = 'meta' | 'telegram' | 'twilio';

async function control<T>(path: string, method: 'GET' | 'POST', body?: unknown): Promise<T> {
  const response = await fetch(`${readE2eState().controlUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fake control ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** One action of a provider fake (`accounts`, `media`, `webhook`, …; see each fake). */
export function fakeProvider<T = Record<string, any>>(
  family: ProviderFamily,
  action: string,
  body: unknown = {},
): Promise<T> {
  return control<T>(`/fakes/${family}/${action}`, 'POST', body);
}

/** Every request the fake received for one account, oldest first. */
export function fakeProviderRequests(family: ProviderFamily, account: string): Promise<FakeProviderRequest[]> {
  return control(`/fakes/${family}/requests/${encodeURIComponent(account)}`, 'GET');
}

/** The account's next `fail_times` provider calls (POSTs) answer `fail_status`. */
export function failFakeProvider(family: ProviderFamily, account: string, failure: FakeFailure): Promise<unknown> {
  return control(`/fakes/${family}/fail/${encodeURIComponent(account)}`, 'POST', failure);
}

/** The account's sends (POSTs) are answered only after `delayMs` (0: at once again). */
export function slowFakeProvider(family: ProviderFamily, account: string, delayMs: number): Promise<unknown> {
  return control(`/fakes/${family}/slow/${encodeURIComponent(account)}`, 'POST', { delay_ms: delayMs });
}

/** What a fake answers to a webhook it posted: Parley's status and body, and the raw body it signed (to redeliver). */
export interface DeliveredWebhook {
  status: number;
  body: string;
  raw: string;
}
