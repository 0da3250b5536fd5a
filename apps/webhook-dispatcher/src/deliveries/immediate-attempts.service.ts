import { Inject, Injectable } from '@nestjs/common';
import { whenSettled } from '@parley/service-kit';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher.config';
import type { LeasedDelivery } from './delivery-leases.writer';
import { DeliveryPollerWorker } from './delivery-poller.worker';
import { DeliveryQueueWriter, targetColumnsOf, type NewDelivery } from './delivery-queue.writer';

/**
 * Writes new deliveries, those this process has slots free for already leased to it, and
 * attempts them as soon as the transaction commits: no claim statement, no row version for the
 * lease, and no wait for a claim's turn. The others are announced and claimed as before. If
 * the process dies first, their lease runs out and any dispatcher claims them.
 */
@Injectable()
export class ImmediateAttemptsService {
  constructor(
    private readonly queue: DeliveryQueueWriter,
    private readonly poller: DeliveryPollerWorker,
    @Inject(DISPATCHER_CONFIG) private readonly config: DispatcherConfig,
  ) {}

  async addMany(tx: EntityManager, deliveries: NewDelivery[]): Promise<void> {
    const targets = deliveries.map((delivery) => targetColumnsOf(delivery.target));
    const { granted, settle } = this.poller.reserve(targets);
    const reserved = deliveries.flatMap((_, index) => (granted[index] ? [index] : []));
    if (reserved.length === 0) {
      await this.queue.addMany(tx, deliveries);
      return;
    }
    /** By index: the reserved deliveries written leased (not ones their event already had). */
    const written = new Map<number, LeasedDelivery>();
    const settled = (committed: boolean) => {
      // Rolled back: none of the rows exists.
      if (!committed) written.clear();
      settle(
        [...written.values()],
        reserved.filter((index) => !written.has(index)).map((index) => targets[index]),
      );
    };
    try {
      whenSettled(tx, settled);
    } catch (error) {
      settled(false);
      throw error;
    }
    // Taken before the statement: the database's clock is later then, so its lease ends later.
    const leaseEndsAt = Date.now() + this.config.leaseMs;
    const lease = { id: randomUUID(), ms: this.config.leaseMs, leased: granted };
    const added = await this.queue.addMany(tx, deliveries, lease);
    const leased = reserved.filter((index) => added[index] !== null);
    for (const index of leased) {
      const delivery = deliveries[index];
      const row = added[index]!;
      written.set(index, {
        ...targets[index],
        id: row.id,
        account_id: delivery.accountId,
        event_id: delivery.eventId,
        event: delivery.event,
        body: delivery.body,
        attempts: 0,
        traceparent: delivery.traceparent ?? null,
        created_at: row.createdAt,
        url: row.url,
        secret: row.secret,
        leaseId: lease.id,
        leaseEndsAt,
      });
    }
  }
}
