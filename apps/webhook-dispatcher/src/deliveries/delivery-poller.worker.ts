import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Metrics, PollingLoop } from '@parley/service-kit';
import { Counter } from 'prom-client';
import { DataSource } from 'typeorm';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher.config';
import { DeliveryAttemptService } from './delivery-attempt.service';
import { DeliveryLeasesWriter, type LeasedDelivery } from './delivery-leases.writer';
import { DeliveryOutcomeWriter, type Outcome } from './delivery-outcome.writer';
import { DueNotificationsAdapter } from './due-notifications.adapter';
import { InFlight, type Targeted } from './in-flight.rules';

/** Slots granted to deliveries a transaction is writing; `settle` is called once it has ended. */
export interface SlotReservation {
  /** One per delivery asked about: whether it has a slot (write it leased to this process). */
  granted: boolean[];
  /** Starts the leased deliveries the transaction wrote, and frees the slots of granted ones it did not. */
  settle(written: LeasedDelivery[], unwritten: Targeted[]): void;
}

const RETENTION_DAYS = 7;
const CLEANUP_EVERY_MS = 60_000;

/**
 * Sends due deliveries, up to WEBHOOK_CONCURRENCY at once, topping up as attempts finish.
 *
 * A claim is one short statement that leases due rows (see DeliveryLeasesWriter); each attempt then
 * runs on its own, and its outcome is recorded in a short transaction of its own by the lease's
 * holder (see DeliveryOutcomeWriter). No transaction or row lock spans an HTTP call, so replicas,
 * webhook deletes and the delivery log never wait for a receiver. A replica never sends an
 * attempt another one holds the lease of; an attempt cut short by a crash is made again when its
 * lease ends (receivers de-duplicate on the event `id`, the same on every attempt).
 *
 * New deliveries that find slots free are written leased to this process and started when their
 * transaction commits (`reserve`, ImmediateAttemptsService); the others are announced then
 * (DueNotificationsAdapter). Retries and expired leases are found by polling every
 * WEBHOOK_POLL_INTERVAL_MS. The claims are the kit's PollingLoop passes (one at a time, drained
 * at shutdown); the attempts run beside them.
 */
@Injectable()
export class DeliveryPollerWorker extends PollingLoop {
  private readonly inFlight: InFlight<LeasedDelivery>;
  private readonly attempts = new Set<Promise<void>>();
  /** Reservations whose transaction has not ended yet. */
  private readonly reservations = new Set<Promise<void>>();
  /** Deliveries were announced or polled for since the last claim began. */
  private announced = false;
  /** The last claim filled every slot it asked for: more may be due. */
  private backlog = false;
  /** A claim statement is running: its rows may take any slot free when it began. */
  private claiming = false;
  private readonly leasesTaken: Counter<'by'>;
  private lastCleanup = Date.now();
  private cleaning = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly leases: DeliveryLeasesWriter,
    private readonly attempt: DeliveryAttemptService,
    private readonly outcomes: DeliveryOutcomeWriter,
    private readonly notifications: DueNotificationsAdapter,
    @Inject(DISPATCHER_CONFIG) config: DispatcherConfig,
    metrics: Metrics,
  ) {
    super(config.pollIntervalMs, 'Claiming due deliveries', true);
    this.inFlight = new InFlight(config.concurrency, config.targetConcurrency);
    this.leasesTaken = new Counter({
      name: 'parley_webhook_leases_total',
      help: 'Deliveries leased for an attempt: by the insert that wrote them (slots were free) or by a claim',
      labelNames: ['by'],
      registers: [metrics.registry],
    });
  }

  override onApplicationBootstrap(): void {
    this.notifications.listen(() => this.kick());
    super.onApplicationBootstrap();
  }

  /** Stops claiming, gives back what has not started, lets the attempts in flight finish and records their outcomes. */
  override async beforeApplicationShutdown(): Promise<void> {
    await this.notifications.close();
    await super.beforeApplicationShutdown();
    while (this.reservations.size > 0) await Promise.all(this.reservations);
    await this.leases
      .release(this.inFlight.takeWaiting())
      .catch((error: Error) => this.logger.warn(`Could not give back waiting deliveries: ${error.message}`));
    while (this.attempts.size > 0) await Promise.all(this.attempts);
    await this.outcomes.drain();
  }

  /** Deliveries may be due now (announced, or the poll interval): claim what free slots allow. */
  override kick(): void {
    this.announced = true;
    super.kick();
  }

  /**
   * Something announced takes any free slot at once (latency); a backlog waits for a few slots
   * to free up, or every finished attempt would cost a claim statement of its own (throughput).
   */
  private worthClaiming(): boolean {
    const room = this.inFlight.room;
    return !this.isStopping && ((this.announced && room > 0) || (this.backlog && room >= this.inFlight.refillAt));
  }

  /**
   * Slots for deliveries a transaction is about to write, where free: the granted ones are written
   * leased to this process and attempted once it commits, with no claim (see ImmediateAttemptsService).
   * The slots are held until `settle`, so no claim fills them meanwhile.
   */
  reserve(deliveries: Targeted[]): SlotReservation {
    // Older deliveries go first: while some may be due, or a claim is bringing them, new ones queue behind them.
    const open = !this.isStopping && !this.backlog && !this.claiming;
    const granted = deliveries.map((delivery) => open && this.inFlight.take(delivery));
    if (!granted.includes(true)) return { granted, settle: () => undefined };
    let ended!: () => void;
    const reservation = new Promise<void>((resolve) => (ended = resolve));
    this.reservations.add(reservation);
    return {
      granted,
      settle: (written, unwritten) => {
        if (!this.reservations.delete(reservation)) return;
        this.leasesTaken.inc({ by: 'insert' }, written.length);
        for (const delivery of written) this.start(delivery);
        for (const delivery of unwritten) this.free(delivery);
        ended();
      },
    };
  }

  /** Slots freed up: claim if a backlog makes it worth it (not an announcement). */
  private claim(): void {
    super.kick();
  }

  /** One claim statement, when worth it; answers whether another is. */
  protected async pass(): Promise<boolean> {
    void this.cleanupOccasionally();
    if (!this.worthClaiming()) return false;
    this.announced = false;
    const room = this.inFlight.room;
    this.claiming = true;
    try {
      const leased = await this.leases.claim(room, this.inFlight.full());
      this.claiming = false;
      this.backlog = leased.length === room;
      this.leasesTaken.inc({ by: 'claim' }, leased.length);
      const { started, refused } = this.inFlight.admit(leased);
      for (const delivery of started) this.start(delivery);
      // More of one target than it has slots and room to wait: back for later, or for another replica.
      await this.leases.release(refused);
    } catch (error) {
      // The poll interval tries again.
      this.claiming = false;
      this.backlog = false;
      throw error;
    }
    return this.worthClaiming();
  }

  /** Announced while the last statement ran. */
  protected override dueAgain(): boolean {
    return this.worthClaiming();
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
        this.free(delivery);
      });
    this.attempts.add(running);
  }

  /** A slot is free again: for the next delivery waiting for its target, or for a claim. */
  private free(delivery: Targeted): void {
    const next = this.inFlight.release(delivery);
    if (next) this.start(next);
    else this.claim();
  }

  private report(outcome: Outcome): void {
    if (outcome.kind !== 'attempted' || outcome.verdict.state !== 'discarded') return;
    const { delivery, result } = outcome;
    const why = result.error ?? `HTTP ${result.statusCode}`;
    this.logger.warn(
      `Discarded delivery ${delivery.id} of ${delivery.event} (event ${delivery.event_id}) after ${delivery.attempts + 1} attempts; last: ${why}`,
    );
  }

  private async cleanupOccasionally(): Promise<void> {
    if (this.cleaning || Date.now() - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.cleaning = true;
    this.lastCleanup = Date.now();
    try {
      await this.dataSource.query(
        `DELETE FROM webhook_dispatcher.deliveries WHERE finished_at < now() - make_interval(days => $1)`,
        [RETENTION_DAYS],
      );
    } catch (error) {
      this.logger.warn(`Removing old deliveries failed: ${(error as Error).message}`);
    } finally {
      this.cleaning = false;
    }
  }
}
