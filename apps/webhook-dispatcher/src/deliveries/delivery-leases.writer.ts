import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { preparedQuery } from '@parley/service-kit';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher.config';
import { joinWebhookOf } from '../webhooks/webhooks.loader';
import type { FullTargets } from './in-flight.rules';
import type { DeliveryRow } from './persistence/delivery.row';

/** A due delivery this process holds the lease of: it alone may attempt it until `leaseEndsAt`. */
export interface LeasedDelivery extends DeliveryRow {
  leaseId: string;
  /** By this process's clock; the database's lease ends no earlier. */
  leaseEndsAt: number;
}

/**
 * Claims due deliveries by leasing them: one short statement marks them `locked_until` with a
 * lease id of its own (`FOR UPDATE SKIP LOCKED`, so replicas never claim the same row), and the
 * row locks end with it. A lease that runs out makes the delivery due again. Each comes with
 * where it goes now, read in the same statement: a webhook's URL and secret may have been edited
 * since it was queued.
 */
@Injectable()
export class DeliveryLeasesWriter {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(DISPATCHER_CONFIG) private readonly config: DispatcherConfig,
  ) {}

  async claim(limit: number, skip: FullTargets): Promise<LeasedDelivery[]> {
    const leaseId = randomUUID();
    // Taken before the statement: the database's `now()` is later, so its lease ends later.
    const leaseEndsAt = Date.now() + this.config.leaseMs;
    const rows = await preparedQuery<DeliveryRow>(
      this.dataSource,
      'webhook_dispatcher_claim',
      `WITH due AS (
         SELECT d.id
           FROM webhook_dispatcher.deliveries d
          WHERE d.state = 'pending' AND d.next_attempt_at <= now()
            AND (d.locked_until IS NULL OR d.locked_until <= now())
            AND (d.webhook_id IS NULL OR d.webhook_id <> ALL ($2::int[]))
            AND (d.inbox_id IS NULL OR d.inbox_id <> ALL ($3::int[]))
            AND (d.target <> 'direct' OR d.url <> ALL ($4::text[]))
          ORDER BY d.next_attempt_at
          LIMIT $1
          FOR UPDATE OF d SKIP LOCKED
       ), leased AS (
         UPDATE webhook_dispatcher.deliveries d
            SET locked_until = now() + $5::int * interval '1 millisecond', lease_id = $6
           FROM due
          WHERE d.id = due.id
         RETURNING d.id, d.account_id, d.target, d.webhook_id, d.inbox_id, d.event_id, d.event, d.body, d.attempts, d.traceparent,
                   d.url, d.secret, d.created_at, d.next_attempt_at)
       SELECT l.id, l.account_id, l.target, l.webhook_id, l.inbox_id, l.event_id, l.event, l.body, l.attempts, l.traceparent,
              coalesce(w.url, l.url) AS url, coalesce(w.secret, l.secret) AS secret, l.created_at
         FROM leased l ${joinWebhookOf('l', 'w')}
        ORDER BY l.next_attempt_at`,
      [limit, skip.webhookIds, skip.inboxIds, skip.urls, this.config.leaseMs, leaseId],
    );
    return rows.map((row) => ({ ...row, leaseId, leaseEndsAt }));
  }

  /** Gives leased deliveries back unattempted: due again at once, for any process. */
  async release(deliveries: LeasedDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await preparedQuery(
      this.dataSource,
      'webhook_dispatcher_release',
      `UPDATE webhook_dispatcher.deliveries d SET locked_until = NULL, lease_id = NULL
         FROM unnest($1::uuid[], $2::uuid[]) AS given(id, lease_id)
        WHERE d.id = given.id AND d.lease_id = given.lease_id`,
      [deliveries.map((delivery) => delivery.id), deliveries.map((delivery) => delivery.leaseId)],
    );
  }
}
