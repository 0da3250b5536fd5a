import { Outbox, type MailRelay, type Metrics, type OutboxRelay, type ServiceConfig } from '@parley/service-kit';
import { Registry } from 'prom-client';
import type { DataSource, EntityManager } from 'typeorm';
import { loadDispatcherConfig } from '../dispatcher.config';
import type { DeliveryAttemptService } from './delivery-attempt.service';
import type { DeliveryLeasesWriter, LeasedDelivery } from './delivery-leases.writer';
import type { DeliveryOutcomeWriter } from './delivery-outcome.writer';
import { DeliveryPollerWorker } from './delivery-poller.worker';
import type { AddedDelivery, DeliveryQueueWriter, LeaseAtInsert, NewDelivery } from './delivery-queue.writer';
import type { DueNotificationsAdapter } from './due-notifications.adapter';
import { ImmediateAttemptsService } from './immediate-attempts.service';

const config = loadDispatcherConfig({ WEBHOOK_CONCURRENCY: '2', WEBHOOK_TARGET_CONCURRENCY: '2' });
const createdAt = new Date('2026-11-27T10:00:00Z');

/** The service over a real poller (its slots) and stand-ins for the database and the sending. */
function setUp(options: { alreadyQueued?: number[] } = {}) {
  const writes: Array<{ deliveries: NewDelivery[]; lease?: LeaseAtInsert }> = [];
  const queue = {
    addMany: async (_tx: EntityManager, deliveries: NewDelivery[], lease?: LeaseAtInsert) => {
      writes.push({ deliveries, lease });
      // The statement answers a leased delivery's webhook's URL and secret as they are now.
      return deliveries.map((delivery, index): AddedDelivery | null => {
        if (options.alreadyQueued?.includes(index)) return null;
        const webhookId = delivery.target.kind === 'webhook' ? delivery.target.webhookId : null;
        return {
          id: `delivery-${writes.length}-${index}`,
          createdAt,
          url: lease?.leased[index] ? `https://hooks.example.com/${webhookId}` : null,
          secret: lease?.leased[index] ? `secret-${webhookId}` : null,
        };
      });
    },
  } as unknown as DeliveryQueueWriter;
  const registry = new Registry();
  const attempted: LeasedDelivery[] = [];
  const attempt = {
    // Never answers: each attempt keeps its slot for the whole test.
    make: (delivery: LeasedDelivery) => {
      attempted.push(delivery);
      return new Promise(() => undefined);
    },
  } as unknown as DeliveryAttemptService;
  const poller = new DeliveryPollerWorker(
    {} as DataSource,
    {} as DeliveryLeasesWriter,
    attempt,
    {} as DeliveryOutcomeWriter,
    {} as DueNotificationsAdapter,
    config,
    { registry } as Metrics,
  );
  const service = new ImmediateAttemptsService(queue, poller, config);
  const kick = () => undefined;
  const outbox = (commit: 'ok' | 'fails' = 'ok') =>
    new Outbox(
      {
        transaction: async <T>(work: (tx: EntityManager) => Promise<T>) => {
          const result = await work({} as EntityManager);
          if (commit === 'fails') throw new Error('commit failed');
          return result;
        },
      } as unknown as DataSource,
      { kick } as unknown as OutboxRelay,
      { kick } as unknown as MailRelay,
      { database: { schema: 'webhook_dispatcher' } } as ServiceConfig,
    );
  const leasedByInsert = async () =>
    (await registry.getSingleMetric('parley_webhook_leases_total')!.get()).values.find(
      (value) => value.labels.by === 'insert',
    )?.value ?? 0;
  return { service, outbox, writes, attempted, leasedByInsert };
}

const toWebhook = (webhookId: number, eventId = 'event-1'): NewDelivery => ({
  accountId: 1,
  eventId,
  event: 'message_created',
  body: `{"id":"${eventId}"}`,
  target: { kind: 'webhook', webhookId },
  traceparent: null,
});

describe('deliveries attempted as soon as they are written', () => {
  it('writes them leased while slots are free, and attempts them only once the transaction has committed', async () => {
    const { service, outbox, writes, attempted, leasedByInsert } = setUp();
    await outbox().transaction(async (tx) => {
      await service.addMany(tx, [toWebhook(7), toWebhook(8)]);
      expect(attempted).toEqual([]);
    });
    expect(await leasedByInsert()).toBe(2);
    const [{ lease }] = writes;
    expect(lease).toMatchObject({ ms: config.leaseMs, leased: [true, true] });
    expect(attempted).toEqual([
      expect.objectContaining({
        id: 'delivery-1-0',
        target: 'webhook',
        webhook_id: 7,
        url: 'https://hooks.example.com/7',
        secret: 'secret-7',
        attempts: 0,
        created_at: createdAt,
        leaseId: lease!.id,
      }),
      expect.objectContaining({ id: 'delivery-1-1', webhook_id: 8, url: 'https://hooks.example.com/8' }),
    ]);
  });

  it('leaves what has no slot to a claim: written unleased and not attempted here', async () => {
    const { service, outbox, writes, attempted } = setUp();
    await outbox().transaction((tx) => service.addMany(tx, [toWebhook(7), toWebhook(8), toWebhook(9)]));
    expect(writes[0].lease?.leased).toEqual([true, true, false]);
    expect(attempted.map(({ webhook_id }) => webhook_id)).toEqual([7, 8]);
    // Both slots are in use now: the next deliveries are written without a lease.
    await outbox().transaction((tx) => service.addMany(tx, [toWebhook(7, 'event-2')]));
    expect(writes[1].lease).toBeUndefined();
  });

  it('attempts nothing when the transaction does not commit, and frees the slots', async () => {
    const { service, outbox, writes, attempted, leasedByInsert } = setUp();
    await expect(
      outbox().transaction(async (tx) => {
        await service.addMany(tx, [toWebhook(7), toWebhook(8)]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expect(outbox('fails').transaction((tx) => service.addMany(tx, [toWebhook(7)]))).rejects.toThrow(
      'commit failed',
    );
    expect(attempted).toEqual([]);
    expect(await leasedByInsert()).toBe(0);
    await outbox().transaction((tx) => service.addMany(tx, [toWebhook(7), toWebhook(8)]));
    expect(writes[2].lease?.leased).toEqual([true, true]);
    expect(attempted).toHaveLength(2);
  });

  it('does not attempt a delivery its event already had, and gives its slot back', async () => {
    const { service, outbox, writes, attempted } = setUp({ alreadyQueued: [0] });
    await outbox().transaction((tx) => service.addMany(tx, [toWebhook(7), toWebhook(8)]));
    expect(attempted.map(({ id }) => id)).toEqual(['delivery-1-1']);
    await outbox().transaction((tx) => service.addMany(tx, [toWebhook(9, 'event-2'), toWebhook(10, 'event-2')]));
    // One slot is held by the attempt, the other was given back.
    expect(writes[1].lease?.leased).toEqual([true, false]);
  });
});
