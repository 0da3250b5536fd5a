import type { LeasedDelivery } from './delivery-leases.writer';
import { eventually } from '@parley/testing';
import { Registry } from 'prom-client';
import { DeliveryOutcomeWriter, outcomeColumns, type Outcome } from './delivery-outcome.writer';

const delivery = (id: string, attempts = 0): LeasedDelivery => ({
  id,
  account_id: 1,
  target: 'webhook',
  webhook_id: 4,
  inbox_id: null,
  event_id: 'event-1',
  event: 'contact_updated',
  body: '{}',
  attempts,
  traceparent: null,
  url: 'https://hooks.example.com/',
  secret: 's',
  created_at: new Date(0),
  leaseId: `lease-${id}`,
  leaseEndsAt: 0,
});

describe('outcome columns', () => {
  it('lays out one element per outcome in every column', () => {
    const startedAt = new Date('2024-05-01T10:00:00.000Z');
    const outcomes: Outcome[] = [
      {
        kind: 'attempted',
        delivery: delivery('a'),
        startedAt,
        result: { statusCode: 200, error: null, latencyMs: 12.4 },
        verdict: { state: 'delivered', retryInMs: null },
      },
      {
        kind: 'attempted',
        delivery: delivery('b', 1),
        startedAt,
        result: { statusCode: 503, error: null, latencyMs: 40 },
        verdict: { state: 'retrying', retryInMs: 120_000 },
      },
      { kind: 'no-callback', delivery: delivery('c') },
      { kind: 'released', delivery: delivery('d', 2) },
    ];
    const [id, leaseId, state, attempt, statusCode, error, latencyMs, retryInMs, attemptedAt] =
      outcomeColumns(outcomes);
    expect(id).toEqual(['a', 'b', 'c', 'd']);
    expect(leaseId).toEqual(['lease-a', 'lease-b', 'lease-c', 'lease-d']);
    // A delivery without a callback ends discarded without an attempt; a released one stays pending, its attempts unchanged.
    expect(state).toEqual(['delivered', 'retrying', 'discarded', 'released']);
    expect(attempt).toEqual([1, 2, null, null]);
    expect(statusCode).toEqual([200, 503, null, null]);
    expect(error).toEqual([null, null, null, null]);
    expect(latencyMs).toEqual([12, 40, null, null]);
    expect(retryInMs).toEqual([null, 120_000, null, null]);
    expect(attemptedAt).toEqual(['2024-05-01T10:00:00.000Z', '2024-05-01T10:00:00.000Z', null, null]);
  });

  it('keeps an error storable: no NUL, at most 1000 characters', () => {
    const outcome: Outcome = {
      kind: 'attempted',
      delivery: delivery('a'),
      startedAt: new Date(),
      result: { statusCode: null, error: `bad\0${'x'.repeat(2000)}`, latencyMs: 1 },
      verdict: { state: 'retrying', retryInMs: 30_000 },
    };
    const [error] = outcomeColumns([outcome])[5] as string[];
    expect(error).toHaveLength(1000);
    expect(error.startsWith('badx')).toBe(true);
  });
});

describe('recording outcomes while the database restarts', () => {
  const attempted = (leaseEndsAt: number): Outcome => ({
    kind: 'attempted',
    delivery: { ...delivery('a'), leaseEndsAt },
    startedAt: new Date(),
    result: { statusCode: 200, error: null, latencyMs: 5 },
    verdict: { state: 'delivered', retryInMs: null },
  });
  const writerOn = (query: jest.Mock) =>
    new DeliveryOutcomeWriter({ driver: { master: { query } } } as never, { registry: new Registry() } as never);

  it('records again while the lease holds, so the receiver does not get the event twice', async () => {
    const query = jest
      .fn()
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED'))
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED'))
      .mockResolvedValue({ rows: [] });
    const writer = writerOn(query);
    writer.record(attempted(Date.now() + 60_000));
    // The batch and the outcome on its own fail; the retry half a second later is recorded.
    await eventually(async () => expect(query).toHaveBeenCalledTimes(3), { timeoutMs: 5_000 });
  });

  it('leaves a delivery whose lease is about to end to be attempted again', async () => {
    jest.useFakeTimers();
    try {
      const query = jest.fn().mockRejectedValue(new Error('connect ECONNREFUSED'));
      const writer = writerOn(query);
      writer.record(attempted(Date.now() + 100));
      await writer.drain();
      // The batch, then the outcome on its own; no retry is scheduled.
      expect(query).toHaveBeenCalledTimes(2);
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
