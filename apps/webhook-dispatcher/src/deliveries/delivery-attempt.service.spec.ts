import { loadDispatcherConfig } from '../dispatcher.config';
import type { TargetGuard } from '../targets/target.guard';
import { UnsafeTargetError, type CheckedTarget } from '@parley/service-kit';
import type { CallbackTargetsLoader } from '../read-models/messaging-view/callback-targets.loader';
import { DeliveryAttemptService, leaseAllows } from './delivery-attempt.service';
import type { LeasedDelivery } from './delivery-leases.writer';
import type { HttpsAdapter, SendResult } from './https.adapter';
import { signatureOf } from './signature.rules';

const config = loadDispatcherConfig({ WEBHOOK_TIMEOUT_MS: '1000', WEBHOOK_RETRY_SCHEDULE_MS: '10,20' });

/** Stand-ins that answer as told and note what they were asked. */
function setUp(
  options: {
    callback?: { webhook_url: string; secret: string } | null | Error;
    refuse?: string;
    answer?: SendResult;
  } = {},
) {
  const posts: Array<{ url: string; headers: Record<string, string>; body: string }> = [];
  const guard = {
    check: async (url: string): Promise<CheckedTarget> => {
      if (options.refuse) throw new UnsafeTargetError(options.refuse, 'not_public');
      return {
        url: new URL(url),
        hostname: new URL(url).hostname,
        addresses: [{ address: '93.184.216.34', family: 4 }],
      };
    },
  } as TargetGuard;
  const callbacks = {
    of: async () => {
      if (options.callback instanceof Error) throw options.callback;
      return options.callback === undefined
        ? null
        : options.callback && { account_id: 1, inbox_id: 9, ...options.callback };
    },
  } as unknown as CallbackTargetsLoader;
  const sender = {
    post: async (target: CheckedTarget, headers: Record<string, string>, body: string) => {
      posts.push({ url: target.url.href, headers, body });
      return options.answer ?? { statusCode: 200, error: null, latencyMs: 7 };
    },
  } as unknown as HttpsAdapter;
  return { attempt: new DeliveryAttemptService(guard, callbacks, sender, config), posts };
}

const leased = (fields: Partial<LeasedDelivery> = {}): LeasedDelivery => ({
  id: 'delivery-1',
  account_id: 1,
  target: 'webhook',
  webhook_id: 4,
  inbox_id: null,
  event_id: 'event-1',
  event: 'contact_updated',
  body: '{"id":"event-1"}',
  attempts: 0,
  traceparent: null,
  url: 'https://hooks.example.com/in',
  secret: 'webhook-secret',
  created_at: new Date(),
  leaseId: 'lease-1',
  leaseEndsAt: Date.now() + 60_000,
  ...fields,
});

describe('a delivery attempt', () => {
  it('starts only while the lease outlasts the timeout and a reserve for recording', () => {
    expect(leaseAllows(10_000, 5000, 3000)).toBe(true);
    expect(leaseAllows(10_000, 5000, 4500)).toBe(false);
  });

  it("posts the body signed with the webhook's secret and judges the answer", async () => {
    const { attempt, posts } = setUp();
    const outcome = await attempt.make(leased());
    expect(outcome).toMatchObject({
      kind: 'attempted',
      result: { statusCode: 200, error: null, latencyMs: 7 },
      verdict: { state: 'delivered', retryInMs: null },
    });
    expect(posts).toHaveLength(1);
    const [{ url, headers, body }] = posts;
    expect([url, body, headers['X-Parley-Delivery']]).toEqual([
      'https://hooks.example.com/in',
      '{"id":"event-1"}',
      'delivery-1',
    ]);
    expect(headers['X-Parley-Signature']).toBe(
      signatureOf('webhook-secret', Number(headers['X-Parley-Timestamp']), body),
    );
  });

  it("continues the event's trace with a traceparent header, and sends none without one", async () => {
    const { attempt, posts } = setUp();
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    await attempt.make(leased({ traceparent }));
    await attempt.make(leased());
    expect(posts.map(({ headers }) => headers.traceparent)).toEqual([traceparent, undefined]);
  });

  it('schedules the next retry after a failure, and discards after the last', async () => {
    const failing = setUp({ answer: { statusCode: 500, error: null, latencyMs: 3 } }).attempt;
    expect(await failing.make(leased({ attempts: 1 }))).toMatchObject({
      verdict: { state: 'retrying', retryInMs: 20 },
    });
    expect(await failing.make(leased({ attempts: 2 }))).toMatchObject({
      verdict: { state: 'discarded', retryInMs: null },
    });
  });

  it("sends an inbox's delivery to its callback URL with its secret", async () => {
    const { attempt, posts } = setUp({
      callback: { webhook_url: 'https://bridge.example.com/cb', secret: 'inbox-secret' },
    });
    await attempt.make(leased({ target: 'inbox', webhook_id: null, inbox_id: 9, url: null, secret: null }));
    expect(posts[0].url).toBe('https://bridge.example.com/cb');
    expect(posts[0].headers['X-Parley-Signature']).toBe(
      signatureOf('inbox-secret', Number(posts[0].headers['X-Parley-Timestamp']), posts[0].body),
    );
  });

  it('discards an inbox delivery without an attempt when the inbox has no callback', async () => {
    const { attempt, posts } = setUp({ callback: null });
    expect(await attempt.make(leased({ target: 'inbox', inbox_id: 9, url: null, secret: null }))).toMatchObject({
      kind: 'no-callback',
    });
    expect(posts).toEqual([]);
  });

  it('counts a failed callback lookup as a failed attempt', async () => {
    const { attempt, posts } = setUp({ callback: new Error('timed out') });
    const outcome = await attempt.make(leased({ target: 'inbox', inbox_id: 9, url: null, secret: null }));
    expect(outcome).toMatchObject({
      kind: 'attempted',
      result: { statusCode: null, error: "could not look up the inbox's callback URL: timed out" },
      verdict: { state: 'retrying' },
    });
    expect(posts).toEqual([]);
  });

  it('records a refused target as a failed attempt without calling it', async () => {
    const { attempt, posts } = setUp({ refuse: 'Url must resolve only to public addresses: 127.0.0.1 is loopback' });
    expect(await attempt.make(leased())).toMatchObject({
      kind: 'attempted',
      result: { statusCode: null, error: 'refused: Url must resolve only to public addresses: 127.0.0.1 is loopback' },
    });
    expect(posts).toEqual([]);
  });

  it('gives the delivery back, unattempted, when too little of its lease is left', async () => {
    const { attempt, posts } = setUp();
    expect(await attempt.make(leased({ leaseEndsAt: Date.now() + 1500 }))).toMatchObject({ kind: 'released' });
    expect(posts).toEqual([]);
  });
});
