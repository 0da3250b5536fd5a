import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher.config';
import { DeliveryAttempt } from './delivery-attempt.service';
import { DeliveryLeases, type LeasedDelivery } from './delivery-leases.writer';
import { DeliveryOutcomeWriter, type Outcome } from './delivery-outcome.writer';
import { DueNotifications } from './due-notifications.adapter';
import { InFlight } from './in-flight.rules';

const RETENTION_DAYS = 7;
const CLEANUP_EVERY_MS = 60_000;

/**
 * Sends due deliveries, up to WEBHOOK_CONCURRENCY at once, topping up as attempts finish.
 *
 * A claim is one short statement that leases due rows (see DeliveryLeases); each attempt then
 * runs on its own, and its outcome is recorded in a short transaction of its own by the lease's
 * holder (see DeliveryOutcomeWriter). No transaction or row lock spans an HTTP call, so replicas,
 * webhook deletes and the delivery log never wait for a receiver. A replica never sends an
 * attempt another one holds the lease of; an attempt cut short by a crash is made again when its
 * lease ends (receivers de-duplicate on the event `id`, the same on every attempt).
 *
 * New deliveries are announced when their transaction commits (DueNotifications); retries and
 * expired leases are found by polling every WEBHOOK_POLL_INTERVAL_MS.
 */
@Injectable()
export class DeliveryPoller implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DeliveryPoller.name);
  private readonly inFlight: InFlight<LeasedDelivery>;
  private readonly attempts = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private claiming: Promise<void> | null = null;
  /** Deliveries were announced or polled for since the last claim began. */
  private announced = false;
  /** The last claim filled every slot it asked for: more may be due. */
  private backlog = false;
  private lastCleanup = Date.now();
  private cleaning = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly leases: DeliveryLeases,
    private readonly attempt: DeliveryAttempt,
    private readonly outcomes: DeliveryOutcomeWriter,
    private readonly notifications: DueNotifications,
    @Inject(DISPATCHER_CONFIG) private readonly config: DispatcherConfig,
  ) {
    this.inFlight = new InFlight(config.concurrency, config.targetConcurrency);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.kick();
      void this.cleanupOccasionally();
    }, this.config.pollIntervalMs);
    this.notifications.listen(() => this.kick());
    this.kick();
  }

  /** Stops claiming, gives back what has not started, lets the attempts in flight finish and records their outcomes. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.notifications.close();
    await this.claiming;
    await this.leases.release(this.inFlight.takeWaiting()).catch((error: Error) => this.logger.warn(`Could not give back waiting deliveries: ${error.message}`));
    while (this.attempts.size > 0) await Promise.all(this.attempts);
    await this.outcomes.drain();
  }

  /** Deliveries may be due now: claim what free slots allow (a claim already running picks this up). */
  kick(): void {
    this.announced = true;
    this.claim();
  }

  /**
   * Something announced takes any free slot at once (latency); a backlog waits for a few slots
   * to free up, or every finished attempt would cost a claim statement of its own (throughput).
   */
  private worthClaiming(): boolean {
    const room = this.inFlight.room;
    return !!this.timer && ((this.announced && room > 0) || (this.backlog && room >= this.inFlight.refillAt));
  }

  private claim(): void {
    if (this.claiming || !this.worthClaiming()) return;
    this.claiming = this.claimWhileWorthIt().finally(() => {
      this.claiming = null;
      // Announced while the last statement ran.
      this.claim();
    });
  }

  private async claimWhileWorthIt(): Promise<void> {
    try {
      while (this.worthClaiming()) {
        this.announced = false;
        const room = this.inFlight.room;
        const leased = await this.leases.claim(room, this.inFlight.full());
        this.backlog = leased.length === room;
        const { started, refused } = this.inFlight.admit(leased);
        for (const delivery of started) this.start(delivery);
        // More of one target than it has slots and room to wait: back for later, or for another replica.
        await this.leases.release(refused);
      }
    } catch (error) {
      // The poll interval tries again.
      this.backlog = false;
      this.logger.warn(`Claiming due deliveries failed, will retry: ${(error as Error).message}`);
    }
  }

  private start(delivery: LeasedDelivery): void {
    const running: Promise<void> = this.attempt
      .make(delivery)
      .then(
        (outcome) => {
          this.outcomes.record(outcome);
          this.report(outcome);
        },
        // Not expected (an attempt answers its own failures): the lease runs out and it is made again.
        (error: Error) => this.logger.error(`Attempt of delivery ${delivery.id} failed unexpectedly: ${error.message}`),
      )
      .finally(() => {
        this.attempts.delete(running);
        const next = this.inFlight.release(delivery);
        if (next) this.start(next);
        else this.claim();
      });
    this.attempts.add(running);
  }

  private report(outcome: Outcome): void {
    if (outcome.kind !== 'attempted' || outcome.verdict.state !== 'discarded') return;
    const { delivery, result } = outcome;
    const why = result.error ?? `HTTP ${result.statusCode}`;
    this.logger.warn(`Discarded delivery ${delivery.id} of ${delivery.event} (event ${delivery.event_id}) after ${delivery.attempts + 1} attempts; last: ${why}`);
  }

  private async cleanupOccasionally(): Promise<void> {
    if (this.cleaning || Date.now() - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.cleaning = true;
    this.lastCleanup = Date.now();
    try {
      await this.dataSource.query(`DELETE FROM webhook_dispatcher.deliveries WHERE finished_at < now() - make_interval(days => $1)`, [RETENTION_DAYS]);
    } catch (error) {
      this.logger.warn(`Removing old deliveries failed: ${(error as Error).message}`);
    } finally {
      this.cleaning = false;
    }
  }
}
