import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode } from 'nats';
import { DataSource, type EntityManager } from 'typeorm';
import { preparedQuery } from '../database/prepared-query';
import type { ServiceConfig } from '../config/service-config';
import { SERVICE_CONFIG } from '../config/tokens';
import { EventBus } from './event-bus';
import { Metrics } from '../metrics/metrics';
import { ClaimFloor } from './claim-floor';

const BATCH_SIZE = 200;
/** A claim scans from the rows claimed this long ago (see ClaimFloor); the poll's pass from the start. */
export const OUTBOX_CLAIM_FLOOR_LAG_MS = 2000;

interface OutboxRow {
  seq: string;
  id: string;
  type: string;
  correlation_id: string | null;
  occurred_at: string;
  /** The envelope as JSON text: published as it is, so it is neither parsed nor encoded here. */
  payload: string;
}

/**
 * Publishes committed outbox rows to JetStream, oldest first. Rows are claimed with
 * `FOR UPDATE SKIP LOCKED`, so replicas share the work; a row published but not yet marked
 * (crash in between) is published again and JetStream drops the repeat by its msgID. A pass
 * after a commit scans from a floor below which everything was claimed (ClaimFloor); the poll's
 * pass scans the whole outbox.
 */
@Injectable()
export class OutboxRelay {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly table: string;
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private pendingKick = false;
  /** A pass from the start of the outbox is due (the poll's). */
  private pendingFull = false;
  private started = false;
  private readonly floor = new ClaimFloor(OUTBOX_CLAIM_FLOOR_LAG_MS);
  private lastCleanup = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly metrics: Metrics,
  ) {
    this.table = `"${config.database!.schema}".outbox`;
    metrics.onScrape(async () => {
      const [{ backlog }] = await this.dataSource.query(
        `SELECT count(*)::int AS backlog FROM ${this.table} WHERE published_at IS NULL`,
      );
      metrics.outboxBacklog.set(backlog);
    });
  }

  start(): void {
    if (!this.config.outbox.relayEnabled) {
      this.logger.warn('Outbox relay is disabled (OUTBOX_RELAY_ENABLED=false): events stay in the outbox');
      return;
    }
    this.started = true;
    this.timer = setInterval(() => this.kick(true), this.config.outbox.pollIntervalMs);
    this.kick(true);
  }

  /**
   * Publish now; calls during a drain fold into one more pass. `full`: scan the whole outbox, for
   * rows of transactions that committed long after writing them (the poll's pass, and the first).
   */
  kick(full = false): void {
    if (!this.started) return;
    this.pendingFull ||= full;
    if (this.draining) {
      this.pendingKick = true;
      return;
    }
    const from = this.pendingFull ? 0n : this.floor.value;
    this.pendingFull = false;
    this.draining = this.drain(from).finally(() => {
      this.draining = null;
      if (this.pendingKick && this.started) {
        this.pendingKick = false;
        this.kick();
      }
    });
  }

  /** Stops polling after a last pass, so events of requests that just finished still go out. */
  async stop(): Promise<void> {
    if (!this.started) return;
    if (this.timer) clearInterval(this.timer);
    await this.draining;
    await this.drain(0n);
    this.started = false;
  }

  private async drain(from: bigint): Promise<void> {
    try {
      while ((await this.publishBatch(from)) === BATCH_SIZE) {
        // a full batch: there may be more
      }
      await this.cleanupOccasionally();
    } catch (error) {
      this.logger.warn(`Outbox relay pass failed, will retry: ${(error as Error).message}`);
    }
  }

  /**
   * Claims and marks a batch in one statement, publishes it, then commits: a failed publish
   * rolls the marks back, so the rows are published again on the next pass.
   */
  private async publishBatch(from: bigint): Promise<number> {
    const published = await this.dataSource.transaction(async (tx) => {
      const claimed = await preparedQuery<OutboxRow>(
        tx,
        `${this.config.database!.schema}_outbox_claim_mark_from`,
        `UPDATE ${this.table} SET published_at = now()
          WHERE seq IN (SELECT seq FROM ${this.table} WHERE published_at IS NULL AND seq > $1::bigint
                         ORDER BY seq LIMIT ${BATCH_SIZE} FOR UPDATE SKIP LOCKED)
          RETURNING seq, id, type, payload->'meta'->>'correlation_id' AS correlation_id,
                    payload->>'occurred_at' AS occurred_at, payload::text AS payload`,
        [from.toString()],
      );
      if (claimed.length === 0) return [];
      // RETURNING keeps no order: publish oldest first.
      const rows = claimed.sort((a, b) => Number(BigInt(a.seq) - BigInt(b.seq)));
      const results = await Promise.allSettled(
        rows.map((row) =>
          this.bus.publish({ id: row.id, type: row.type, correlationId: row.correlation_id, json: row.payload }),
        ),
      );
      const sent: OutboxRow[] = [];
      const unsendable: OutboxRow[] = [];
      results.forEach((result, index) => {
        if (result.status === 'fulfilled') sent.push(rows[index]);
        else if (isTooBigForNats(result.reason)) unsendable.push(rows[index]);
        // Any other failure can clear up (NATS down, a leader election): the batch rolls back
        // and is published again later.
        else throw result.reason;
      });
      if (unsendable.length > 0) await this.park(tx, unsendable);
      const now = Date.now();
      for (const row of sent) this.metrics.outboxLag.observe(Math.max(0, now - Date.parse(row.occurred_at)) / 1000);
      this.metrics.outboxPublished.inc(sent.length);
      return rows;
    });
    // Once committed: a batch rolled back is claimed again from below.
    if (published.length > 0) this.floor.claimed(BigInt(published.at(-1)!.seq));
    return published.length;
  }

  /**
   * Rows no retry can publish (NATS refuses a message over its max_payload) would otherwise be
   * claimed again at the head of every pass, holding up every event after them. They stay
   * marked published, with the reason, and are kept past the retention for an operator.
   */
  private async park(tx: EntityManager, rows: OutboxRow[]): Promise<void> {
    const reason = 'larger than NATS accepts (max_payload)';
    for (const row of rows)
      this.logger.error(
        `Outbox event ${row.id} (${row.type}, ${Buffer.byteLength(row.payload)} bytes) parked: ${reason}`,
      );
    await tx.query(`UPDATE ${this.table} SET parked_reason = $2 WHERE seq = ANY($1::bigint[])`, [
      rows.map((row) => row.seq),
      reason,
    ]);
    this.metrics.outboxParked.inc(rows.length);
  }

  private async cleanupOccasionally(): Promise<void> {
    const now = Date.now();
    if (now - this.lastCleanup < 60_000) return;
    this.lastCleanup = now;
    await this.dataSource.query(
      `DELETE FROM ${this.table} WHERE published_at < now() - make_interval(hours => $1) AND parked_reason IS NULL`,
      [this.config.outbox.retentionHours],
    );
  }
}

function isTooBigForNats(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === ErrorCode.MaxPayloadExceeded;
}
