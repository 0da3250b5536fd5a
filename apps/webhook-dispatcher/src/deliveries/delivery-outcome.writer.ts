import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Metrics, preparedQuery } from '@parley/service-kit';
import { Counter } from 'prom-client';
import { DataSource } from 'typeorm';
import type { LeasedDelivery } from './delivery-leases.writer';
import type { SendResult } from './https.adapter';
import type { AttemptVerdict } from './retry-schedule.rules';

/** Wait between attempts to record an outcome the database did not take. */
const RECORD_RETRY_MS = 500;

/** How a leased delivery ended this time. */
export type Outcome =
  /** An attempt was made (or refused by the target rule): logged, then done, retried or discarded by `verdict`. */
  | { kind: 'attempted'; delivery: LeasedDelivery; startedAt: Date; result: SendResult; verdict: AttemptVerdict }
  /** An API inbox without a callback URL: nothing to send to, so discarded without an attempt. */
  | { kind: 'no-callback'; delivery: LeasedDelivery }
  /** Given back unattempted (its lease would end before the receiver's time is up). */
  | { kind: 'released'; delivery: LeasedDelivery };

/** At most this many outcomes in one statement. */
const MAX_BATCH = 500;
const MAX_ERROR_LENGTH = 1000;

/** The statement's parameters: one array per column, one element per outcome. */
export function outcomeColumns(outcomes: Outcome[]): unknown[] {
  const columns = {
    id: [] as string[],
    leaseId: [] as string[],
    state: [] as string[],
    attempt: [] as Array<number | null>,
    statusCode: [] as Array<number | null>,
    error: [] as Array<string | null>,
    latencyMs: [] as Array<number | null>,
    retryInMs: [] as Array<number | null>,
    attemptedAt: [] as Array<string | null>,
  };
  for (const outcome of outcomes) {
    const attempted = outcome.kind === 'attempted' ? outcome : null;
    columns.id.push(outcome.delivery.id);
    columns.leaseId.push(outcome.delivery.leaseId);
    columns.state.push(attempted ? attempted.verdict.state : outcome.kind === 'no-callback' ? 'discarded' : 'released');
    columns.attempt.push(attempted ? outcome.delivery.attempts + 1 : null);
    columns.statusCode.push(attempted?.result.statusCode ?? null);
    // NUL cannot be stored in text.
    columns.error.push(attempted?.result.error?.replace(/\0/g, '').slice(0, MAX_ERROR_LENGTH) ?? null);
    columns.latencyMs.push(attempted ? Math.round(attempted.result.latencyMs) : null);
    columns.retryInMs.push(attempted?.verdict.retryInMs ?? null);
    columns.attemptedAt.push(attempted ? attempted.startedAt.toISOString() : null);
  }
  return Object.values(columns);
}

/**
 * Records outcomes in short transactions of their own, apart from the claim and from the HTTP
 * call. Outcomes that finish while one statement runs go together in the next (a group commit),
 * so recording keeps up with many attempts at once. Only the holder of a delivery's lease can
 * record it: an outcome whose lease was lost (it ran out and another process took the delivery,
 * or the webhook was deleted) changes nothing.
 */
@Injectable()
export class DeliveryOutcomeWriter {
  private readonly logger = new Logger(DeliveryOutcomeWriter.name);
  private readonly queue: Outcome[] = [];
  private flushing: Promise<void> | null = null;
  private readonly results: Counter<'outcome'>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    metrics: Metrics,
  ) {
    this.results = new Counter({
      name: 'parley_webhook_deliveries_total',
      help: 'Delivery attempts by result: delivered, retry (failed, tried again later), discarded (failed for good), no_callback, released',
      labelNames: ['outcome'],
      registers: [metrics.registry],
    });
  }

  record(outcome: Outcome): void {
    this.results.inc({
      outcome: outcome.kind === 'attempted' ? outcome.verdict.state : outcome.kind.replace('-', '_'),
    });
    this.queue.push(outcome);
    this.flushing ??= this.flush();
  }

  /** Resolves once every outcome handed in so far is written (or given up on). */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flush(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          await this.write(batch);
        } catch {
          // One outcome the database refuses must not cost the others theirs.
          for (const outcome of batch) {
            await this.write([outcome]).catch((error: Error) => this.retryLater(outcome, error));
          }
        }
      }
    } finally {
      this.flushing = null;
    }
  }

  /**
   * The database did not take an outcome (it may be restarting). The attempt was made: recording
   * it again while the lease still holds is what keeps the receiver from getting it twice. Once
   * the lease is about to end, the delivery is left to be attempted again.
   */
  private retryLater(outcome: Outcome, error: Error): void {
    if (outcome.delivery.leaseEndsAt - Date.now() > 2 * RECORD_RETRY_MS) {
      setTimeout(() => {
        this.queue.push(outcome);
        this.flushing ??= this.flush();
      }, RECORD_RETRY_MS);
      return;
    }
    this.logger.warn(
      `Could not record the outcome of delivery ${outcome.delivery.id} before its lease ends (it is attempted again): ${error.message}`,
    );
  }

  private async write(outcomes: Outcome[]): Promise<void> {
    // Retries count from the end of the attempt (clock_timestamp, not the statement's start).
    await preparedQuery(
      this.dataSource,
      'webhook_dispatcher_record_outcomes',
      `WITH outcome AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::int[], $6::text[], $7::int[], $8::float8[], $9::timestamptz[])
           AS o(id, lease_id, state, attempt, status_code, error, latency_ms, retry_in_ms, attempted_at)
       ), recorded AS (
         UPDATE webhook_dispatcher.deliveries d
            SET attempts = COALESCE(o.attempt, d.attempts),
                state = CASE WHEN o.state IN ('delivered', 'discarded') THEN o.state ELSE 'pending' END,
                next_attempt_at = CASE o.state
                  WHEN 'retrying' THEN clock_timestamp() + o.retry_in_ms * interval '1 millisecond'
                  WHEN 'released' THEN d.next_attempt_at
                END,
                finished_at = CASE WHEN o.state IN ('delivered', 'discarded') THEN now() END,
                secret = CASE WHEN o.state IN ('delivered', 'discarded') AND d.target = 'direct' THEN NULL ELSE d.secret END,
                locked_until = NULL,
                lease_id = NULL
           FROM outcome o
          WHERE d.id = o.id AND d.lease_id = o.lease_id
         RETURNING d.id, d.webhook_id, d.next_attempt_at)
       INSERT INTO webhook_dispatcher.delivery_attempts (delivery_id, webhook_id, attempt, status_code, error, latency_ms, state, next_attempt_at, attempted_at)
       SELECT r.id, r.webhook_id, o.attempt, o.status_code, o.error, o.latency_ms, o.state, r.next_attempt_at, o.attempted_at
         FROM recorded r JOIN outcome o ON o.id = r.id
        WHERE o.attempt IS NOT NULL`,
      outcomeColumns(outcomes),
    );
  }
}
