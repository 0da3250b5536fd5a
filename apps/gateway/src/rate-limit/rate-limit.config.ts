import { EnvReader } from '@parley/service-kit';

/** Requests allowed per window for each kind of key. */
export interface RateLimitConfig {
  /** Shared state across gateway replicas; without it each gateway counts in memory. */
  redisUrl: string | undefined;
  windowSeconds: number;
  perIp: number;
  perToken: number;
  perAccount: number;
  /** Contact search (`contacts/search`, `contacts?q=`), per account. */
  contactSearchPerAccount: number;
  /** Reports (v2 reports, summaries, CSAT report), per user. */
  reportsPerUser: number;
  /** Other costly reads (conversation meta, imports, exports), per token; public forms per IP. */
  expensivePerToken: number;
  /** Web-widget inboxes' public API, per client IP and inbox: conversations created a minute. */
  widgetConversationsPerMinute: number;
  /** Messages written a minute. */
  widgetMessagesPerMinute: number;
  /** Contact creates and updates an hour. */
  widgetContactUpdatesPerHour: number;
}

export const RATE_LIMIT_CONFIG = Symbol('RATE_LIMIT_CONFIG');

/**
 * Defaults are the reference's for the same traffic (3,000 a minute per IP, 100 a minute for
 * contact search per account and reports per user), never stricter; per token and per account
 * not below the per-IP limit (an account's agents share its allowance).
 */
const DEFAULTS = {
  RATE_LIMIT_PER_IP: 3000,
  RATE_LIMIT_PER_TOKEN: 3000,
  RATE_LIMIT_PER_ACCOUNT: 6000,
  RATE_LIMIT_CONTACT_SEARCH_PER_ACCOUNT: 100,
  RATE_LIMIT_REPORTS_PER_USER: 100,
  RATE_LIMIT_EXPENSIVE_PER_TOKEN: 3000,
  RATE_LIMIT_WIDGET_CONVERSATIONS: 30,
  RATE_LIMIT_WIDGET_MESSAGES: 60,
  RATE_LIMIT_WIDGET_CONTACT_UPDATES: 60,
};
const MAX_POINTS = 1_000_000_000;
const MAX_MULTIPLIER = 1_000_000;

export function loadRateLimitConfig(env: Record<string, string | undefined> = process.env): RateLimitConfig {
  const read = new EnvReader(env);
  const multiplier = readMultiplier(read, env.RATE_LIMIT_MULTIPLIER);
  const count = (name: keyof typeof DEFAULTS) => {
    const base = read.int(name, { default: DEFAULTS[name], min: 1, max: MAX_POINTS });
    return Math.min(MAX_POINTS, Math.max(1, Math.round(base * multiplier)));
  };
  const config: RateLimitConfig = {
    redisUrl: read.optionalString('REDIS_URL'),
    windowSeconds: read.int('RATE_LIMIT_WINDOW_SECONDS', { default: 60, min: 1, max: 3600 }),
    perIp: count('RATE_LIMIT_PER_IP'),
    perToken: count('RATE_LIMIT_PER_TOKEN'),
    perAccount: count('RATE_LIMIT_PER_ACCOUNT'),
    contactSearchPerAccount: count('RATE_LIMIT_CONTACT_SEARCH_PER_ACCOUNT'),
    reportsPerUser: count('RATE_LIMIT_REPORTS_PER_USER'),
    expensivePerToken: count('RATE_LIMIT_EXPENSIVE_PER_TOKEN'),
    widgetConversationsPerMinute: count('RATE_LIMIT_WIDGET_CONVERSATIONS'),
    widgetMessagesPerMinute: count('RATE_LIMIT_WIDGET_MESSAGES'),
    widgetContactUpdatesPerHour: count('RATE_LIMIT_WIDGET_CONTACT_UPDATES'),
  };
  read.assertValid('gateway');
  return config;
}

/** Scales every limit at once (tests and benchmarks raise it; below 1 tightens). */
function readMultiplier(read: EnvReader, raw: string | undefined): number {
  const text = raw?.trim();
  if (!text) return 1;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || value > MAX_MULTIPLIER) {
    read.report(`RATE_LIMIT_MULTIPLIER: "${text}" is not a number above 0 and at most ${MAX_MULTIPLIER}`);
    return 1;
  }
  return value;
}
