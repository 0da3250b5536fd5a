import { Inject, Injectable, Optional } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import type { ServiceConfig } from '../config/service-config';
import { SERVICE_CONFIG } from '../config/tokens';

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The pg pool under TypeORM's data source (null without a database). */
function poolOf(dataSource: DataSource | null): { totalCount: number; idleCount: number; waitingCount: number } | null {
  const driver = dataSource?.driver as
    { master?: { totalCount: number; idleCount: number; waitingCount: number } } | undefined;
  return driver?.master ?? null;
}

/**
 * The Prometheus metrics of one deployable (`/metrics` on its health port; the gateway's on
 * its API port): Node's own (CPU, memory, event loop, GC) and the platform's — request rates and
 * latencies, RPC timeouts, outbox and consumer progress, dead letters, database pool use.
 * Features add their own to `registry`.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly rpcServer = new Histogram({
    name: 'parley_rpc_server_duration_seconds',
    help: 'Requests handled over NATS, by subject and outcome',
    labelNames: ['pattern', 'outcome'],
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly rpcClient = new Histogram({
    name: 'parley_rpc_client_duration_seconds',
    help: 'Requests sent over NATS, by subject and outcome (ok, error, timeout, unavailable)',
    labelNames: ['pattern', 'outcome'],
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly eventsHandled = new Counter({
    name: 'parley_events_handled_total',
    help: 'Events taken by each durable consumer, by outcome (applied, skipped, retried, dead_lettered)',
    labelNames: ['consumer', 'outcome'],
    registers: [this.registry],
  });

  readonly redeliveries = new Counter({
    name: 'parley_event_redeliveries_total',
    help: 'Events a consumer received again (after a failure, a crash or an ack timeout)',
    labelNames: ['consumer'],
    registers: [this.registry],
  });

  readonly consumerPending = new Gauge({
    name: 'parley_consumer_pending_events',
    help: 'Events in the stream a durable consumer has not received yet (its lag)',
    labelNames: ['consumer'],
    registers: [this.registry],
  });

  readonly outboxPublished = new Counter({
    name: 'parley_outbox_published_total',
    help: 'Events the outbox relay published to JetStream',
    registers: [this.registry],
  });

  readonly outboxParked = new Counter({
    name: 'parley_outbox_parked_total',
    help: 'Events the outbox relay could not publish (over NATS max_payload) and parked in the outbox',
    registers: [this.registry],
  });

  readonly outboxLag = new Histogram({
    name: 'parley_outbox_publish_lag_seconds',
    help: 'Time from an event being committed to its publication',
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly outboxBacklog = new Gauge({
    name: 'parley_outbox_backlog_events',
    help: 'Committed events not yet published, as last seen by the relay',
    registers: [this.registry],
  });

  constructor(
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
    @Optional() @Inject(DataSource) dataSource: DataSource | null,
  ) {
    this.registry.setDefaultLabels({ service: config.service });
    // The event loop lag is sampled every 100 ms, not prom-client's 10: its timer woke every
    // process 100 times a second, idle or not, and a wake costs far more than the sample.
    collectDefaultMetrics({ register: this.registry, prefix: 'parley_', eventLoopMonitoringPrecision: 100 });
    if (dataSource) {
      const pool = () => poolOf(dataSource);
      const gauge = (name: string, help: string, read: (p: NonNullable<ReturnType<typeof pool>>) => number) =>
        new Gauge({
          name,
          help,
          registers: [this.registry],
          collect() {
            const current = pool();
            if (current) this.set(read(current));
          },
        });
      gauge('parley_db_pool_connections', 'Open connections in the database pool', (p) => p.totalCount);
      gauge('parley_db_pool_idle_connections', 'Idle connections in the database pool', (p) => p.idleCount);
      gauge('parley_db_pool_waiting_requests', 'Queries waiting for a free connection', (p) => p.waitingCount);
    }
  }

  private readonly collectors: Array<() => Promise<void>> = [];

  /** Work to do right before a scrape (reading lag or backlog from NATS or the database). */
  onScrape(collector: () => Promise<void>): void {
    this.collectors.push(collector);
  }

  /** The text format Prometheus scrapes. */
  async render(): Promise<{ contentType: string; body: string }> {
    await Promise.all(this.collectors.map((collect) => collect().catch(() => undefined)));
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
