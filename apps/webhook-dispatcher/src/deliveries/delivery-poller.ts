import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher-config';
import { TargetGuard } from '../targets/target-guard';
import { UnsafeTargetError } from '../targets/unsafe-target.error';
import { CallbackTargets } from './callback-targets';
import { HttpsSender, type SendResult } from './https-sender';
import { isSuccessStatus, verdictOf } from './retry-schedule';
import { signedHeaders } from './signature';

const BATCH = 20;
const RETENTION_DAYS = 7;
const CLEANUP_EVERY_MS = 60_000;

interface DueRow {
  id: string;
  target: 'webhook' | 'inbox' | 'direct';
  webhook_id: number | null;
  inbox_id: number | null;
  event_id: string | null;
  event: string;
  body: string;
  attempts: number;
  /** The webhook's current URL and secret, the inbox's are asked for, a direct delivery carries its own. */
  url: string | null;
  secret: string | null;
}

interface Outcome {
  startedAt: Date;
  result: SendResult;
}

/**
 * Sends due deliveries. Rows are claimed with `FOR UPDATE SKIP LOCKED` and stay locked until
 * the attempt and the next due time are committed together: replicas never send one attempt
 * twice, and an attempt cut short by a crash is made again (receivers de-duplicate on `id`).
 */
@Injectable()
export class DeliveryPoller implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DeliveryPoller.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private lastCleanup = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly guard: TargetGuard,
    private readonly callbacks: CallbackTargets,
    private readonly sender: HttpsSender,
    @Inject(DISPATCHER_CONFIG) private readonly config: DispatcherConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), this.config.pollIntervalMs);
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Look for due deliveries now (a pass already running covers it). */
  kick(): void {
    if (!this.timer || this.running) return;
    this.running = this.sendDue().finally(() => (this.running = null));
  }

  private async sendDue(): Promise<void> {
    try {
      while (this.timer && (await this.sendBatch()) === BATCH) {
        // a full batch: there may be more due
      }
      await this.cleanupOccasionally();
    } catch (error) {
      this.logger.warn(`Delivery pass failed, will retry: ${(error as Error).message}`);
    }
  }

  private sendBatch(): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const due: DueRow[] = await tx.query(
        `SELECT d.id, d.target, d.webhook_id, d.inbox_id, d.event_id, d.event, d.body, d.attempts,
                COALESCE(w.url, d.url) AS url, COALESCE(w.secret, d.secret) AS secret
           FROM webhook_dispatcher.deliveries d
           LEFT JOIN webhook_dispatcher.webhooks w ON w.id = d.webhook_id
          WHERE d.state = 'pending' AND d.next_attempt_at <= now()
          ORDER BY d.next_attempt_at
          LIMIT ${BATCH}
          FOR UPDATE OF d SKIP LOCKED`,
      );
      const outcomes = await Promise.all(due.map((row) => this.attempt(row)));
      for (const [index, row] of due.entries()) await this.record(tx, row, outcomes[index]);
      return due.length;
    });
  }

  /** Null when there is nothing to send to (an API inbox without a callback URL). */
  private async attempt(row: DueRow): Promise<Outcome | null> {
    const startedAt = new Date();
    const failed = (error: string): Outcome => ({ startedAt, result: { statusCode: null, error, latencyMs: Date.now() - startedAt.getTime() } });
    let url = row.url;
    let secret = row.secret;
    if (row.target === 'inbox') {
      try {
        const callback = await this.callbacks.of(row.inbox_id!);
        if (!callback) return null;
        ({ webhook_url: url, secret } = callback);
      } catch (error) {
        return failed(`could not look up the inbox's callback URL: ${(error as Error).message}`);
      }
    }
    try {
      const target = await this.guard.check(url!);
      const headers = signedHeaders({ secret: secret!, event: row.event, deliveryId: row.id, body: row.body });
      return { startedAt, result: await this.sender.post(target, headers, row.body, this.config.timeoutMs) };
    } catch (error) {
      if (error instanceof UnsafeTargetError) return failed(`refused: ${error.message}`);
      return failed((error as Error).message);
    }
  }

  private async record(tx: EntityManager, row: DueRow, outcome: Outcome | null): Promise<void> {
    if (!outcome) {
      await tx.query(`UPDATE webhook_dispatcher.deliveries SET state = 'discarded', next_attempt_at = NULL, finished_at = now() WHERE id = $1`, [row.id]);
      return;
    }
    const attempt = row.attempts + 1;
    const { result } = outcome;
    const verdict = verdictOf(attempt, isSuccessStatus(result.statusCode), this.config.retryScheduleMs);
    // Retries count from the end of this attempt (clock_timestamp, not the transaction's start).
    const [{ next_attempt_at }] = await tx.query(
      `INSERT INTO webhook_dispatcher.delivery_attempts (delivery_id, webhook_id, attempt, status_code, error, latency_ms, state, next_attempt_at, attempted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, clock_timestamp() + $8::float8 * interval '1 millisecond', $9)
       RETURNING next_attempt_at`,
      [row.id, row.webhook_id, attempt, result.statusCode, result.error?.slice(0, 1000) ?? null, result.latencyMs, verdict.state, verdict.retryInMs, outcome.startedAt],
    );
    const finished = verdict.state !== 'retrying';
    await tx.query(
      `UPDATE webhook_dispatcher.deliveries
          SET attempts = $2, next_attempt_at = $3, state = $4,
              finished_at = CASE WHEN $5::boolean THEN now() END,
              secret = CASE WHEN $5::boolean AND target = 'direct' THEN NULL ELSE secret END
        WHERE id = $1`,
      [row.id, attempt, next_attempt_at, finished ? verdict.state : 'pending', finished],
    );
    if (verdict.state === 'discarded') {
      const why = result.error ?? `HTTP ${result.statusCode}`;
      this.logger.warn(`Discarded delivery ${row.id} of ${row.event} (event ${row.event_id}) after ${attempt} attempts; last: ${why}`);
    }
  }

  private async cleanupOccasionally(): Promise<void> {
    if (Date.now() - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = Date.now();
    await this.dataSource.query(`DELETE FROM webhook_dispatcher.deliveries WHERE finished_at < now() - make_interval(days => $1)`, [RETENTION_DAYS]);
  }
}
