import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Metrics, SERVICE_CONFIG, type ServiceConfig } from '@parley/service-kit';
import { Counter } from 'prom-client';
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RATE_LIMIT_CONFIG, type RateLimitConfig } from './rate-limit.config';

export type LimitKind =
  | 'ip'
  | 'token'
  | 'account'
  | 'contact_search'
  | 'reports'
  | 'expensive'
  | 'widget_conversations'
  | 'widget_messages'
  | 'widget_contacts';

/** Where a request stands against its tightest limit; what the X-RateLimit-* headers say. */
export interface LimitState {
  limit: number;
  remaining: number;
  /** Unix time (seconds) at which the window resets. */
  resetAt: number;
  /** Seconds until then, at least 1 (Retry-After). */
  retryAfter: number;
}

function stateOf(limit: number, remaining: number, msBeforeNext: number): LimitState {
  return {
    limit,
    remaining,
    resetAt: Math.ceil((Date.now() + msBeforeNext) / 1000),
    retryAfter: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  };
}

/** What counting a request found: the tightest state of the limits it met, and whether one was exceeded. */
export interface LimitVerdict {
  exceeded: boolean;
  state: LimitState | null;
}

const STORE_ERROR_LOG_INTERVAL_MS = 10_000;

/**
 * Counters per IP, token, account and expensive use, in Redis when REDIS_URL is set (so every
 * gateway replica shares them) or in memory. A Redis outage fails open: requests are served
 * uncounted, and the outage is logged and counted, never answered with an error.
 */
@Injectable()
export class RateLimiterService implements OnApplicationShutdown {
  private readonly logger = new Logger(RateLimiterService.name);
  private readonly limiters: Record<LimitKind, RateLimiterAbstract>;
  private readonly redis: Redis | null;
  private lastStoreErrorLog = 0;
  /** Requests served uncounted because the shared store did not answer. */
  private storeFailures = 0;
  private readonly rejections: Counter<'kind'>;
  private readonly uncounted: Counter;

  constructor(
    @Inject(RATE_LIMIT_CONFIG) private readonly config: RateLimitConfig,
    @Inject(SERVICE_CONFIG) service: ServiceConfig,
    metrics: Metrics,
  ) {
    this.rejections = new Counter({
      name: 'parley_rate_limit_rejections_total',
      help: 'Requests answered 429, by the limit they hit',
      labelNames: ['kind'],
      registers: [metrics.registry],
    });
    this.uncounted = new Counter({
      name: 'parley_rate_limit_store_failures_total',
      help: 'Requests served uncounted because Redis did not answer',
      registers: [metrics.registry],
    });
    this.redis = config.redisUrl ? connectRedis(config.redisUrl) : null;
    const points: Record<LimitKind, number> = {
      ip: config.perIp,
      token: config.perToken,
      account: config.perAccount,
      contact_search: config.contactSearchPerAccount,
      reports: config.reportsPerUser,
      expensive: config.expensivePerToken,
      widget_conversations: config.widgetConversationsPerMinute,
      widget_messages: config.widgetMessagesPerMinute,
      widget_contacts: config.widgetContactUpdatesPerHour,
    };
    // The web widget's limits have the reference's own windows; the others share the configured one.
    const durations: Partial<Record<LimitKind, number>> = {
      widget_conversations: 60,
      widget_messages: 60,
      widget_contacts: 3600,
    };
    const prefix = `parley:${service.nats.namespace || 'default'}:rl`;
    const make = (kind: LimitKind): RateLimiterAbstract => {
      const options = {
        keyPrefix: `${prefix}:${kind}`,
        points: points[kind],
        duration: durations[kind] ?? config.windowSeconds,
      };
      return this.redis
        ? new RateLimiterRedis({ ...options, storeClient: this.redis })
        : new RateLimiterMemory(options);
    };
    this.limiters = Object.fromEntries(
      (Object.keys(points) as LimitKind[]).map((kind) => [kind, make(kind)]),
    ) as Record<LimitKind, RateLimiterAbstract>;
  }

  /** Counts one request against each key, up to the first limit it exceeds. */
  async consume(keys: Array<[LimitKind, string]>): Promise<LimitVerdict> {
    let tightest: LimitState | null = null;
    for (const [kind, key] of keys) {
      const limiter = this.limiters[kind];
      try {
        const result = await limiter.consume(key);
        const state = stateOf(limiter.points, result.remainingPoints, result.msBeforeNext);
        if (!tightest || state.remaining < tightest.remaining) tightest = state;
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          this.rejections.inc({ kind });
          return { exceeded: true, state: stateOf(limiter.points, 0, error.msBeforeNext) };
        }
        this.storeFailed(error);
      }
    }
    return { exceeded: false, state: tightest };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }

  private storeFailed(error: unknown): void {
    this.storeFailures++;
    this.uncounted.inc();
    const now = Date.now();
    if (now - this.lastStoreErrorLog < STORE_ERROR_LOG_INTERVAL_MS) return;
    this.lastStoreErrorLog = now;
    this.logger.warn(
      `Rate-limit store unavailable, serving requests uncounted (${this.storeFailures} so far): ${(error as Error)?.message ?? String(error)}`,
    );
  }
}

/** Loaded only when configured: a gateway without Redis never pays for the client. */
function connectRedis(url: string): Redis {
  const { default: RedisClient } = require('ioredis') as typeof import('ioredis');
  // No offline queue and one retry: when Redis is down a request must not wait for it.
  const client = new RedisClient(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  client.on('error', () => undefined); // reported per failed request, throttled
  return client;
}
