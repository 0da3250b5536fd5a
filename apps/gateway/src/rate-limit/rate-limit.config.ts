import { EnvReader } from '@parley/service-kit';

/** Requests allowed per window for each kind of key. */
export interface RateLimitConfig {
  /** Shared state across gateway replicas; without it each gateway counts in memory. */
  redisUrl: string | undefined;
  windowSeconds: number;
  perIp: number;
  perToken: number;
  perAccount: number;
  /** Per token, on expensive endpoints (search, `q`, meta counts, imports, exports, reports). */
  expensivePerToken: number;
}

export const RATE_LIMIT_CONFIG = Symbol('RATE_LIMIT_CONFIG');

export function loadRateLimitConfig(env: Record<string, string | undefined> = process.env): RateLimitConfig {
  const read = new EnvReader(env);
  const count = (name: string, fallback: number) => read.int(name, { default: fallback, min: 1, max: 1_000_000_000 });
  const config: RateLimitConfig = {
    redisUrl: read.optionalString('REDIS_URL'),
    windowSeconds: read.int('RATE_LIMIT_WINDOW_SECONDS', { default: 60, min: 1, max: 3600 }),
    perIp: count('RATE_LIMIT_PER_IP', 1200),
    perToken: count('RATE_LIMIT_PER_TOKEN', 600),
    perAccount: count('RATE_LIMIT_PER_ACCOUNT', 3000),
    expensivePerToken: count('RATE_LIMIT_EXPENSIVE_PER_TOKEN', 60),
  };
  read.assertValid('gateway');
  return config;
}
