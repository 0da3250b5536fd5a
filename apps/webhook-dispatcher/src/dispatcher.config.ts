import { EnvReader, readAllowedHosts, type AllowedHost } from '@parley/service-kit';

export interface DispatcherConfig {
  /** Wait before each retry, counted from the previous attempt; its length is the number of retries. */
  retryScheduleMs: number[];
  /** Longest wait for a receiver's answer. */
  timeoutMs: number;
  /** How often due deliveries (retries, expired leases) are looked for; new ones are announced at once. */
  pollIntervalMs: number;
  /** Attempts in flight at once in one dispatcher process. */
  concurrency: number;
  /** Attempts in flight at once to one target (webhook, inbox callback, direct URL), so that a slow receiver cannot take every slot. */
  targetConcurrency: number;
  /**
   * How long a claimed delivery stays reserved for the process that claimed it. An attempt
   * whose outcome is not recorded by then (the process died) is made again after it.
   */
  leaseMs: number;
  /**
   * Test-only: `host` or `host:port` entries exempt from the public-address rule (an end-to-end
   * receiver on this machine). Empty in production.
   */
  allowedHosts: AllowedHost[];
}

export const DISPATCHER_CONFIG = Symbol('DISPATCHER_CONFIG');

const DEFAULT_RETRY_SCHEDULE = '30000,120000,600000';
const MAX_RETRIES = 10;
const MAX_RETRY_WAIT_MS = 24 * 60 * 60 * 1000;
const DEFAULT_LEASE_MARGIN_MS = 30_000;
const MIN_LEASE_MARGIN_MS = 5_000;

export function loadDispatcherConfig(env: Record<string, string | undefined> = process.env): DispatcherConfig {
  const read = new EnvReader(env);
  const retryScheduleMs = parseSchedule(
    read,
    read.string('WEBHOOK_RETRY_SCHEDULE_MS', { default: DEFAULT_RETRY_SCHEDULE }),
  );
  const timeoutMs = read.int('WEBHOOK_TIMEOUT_MS', { default: 5000, min: 100, max: 60_000 });
  const concurrency = read.int('WEBHOOK_CONCURRENCY', { default: 64, min: 1, max: 1000 });
  const config: DispatcherConfig = {
    retryScheduleMs,
    timeoutMs,
    pollIntervalMs: read.int('WEBHOOK_POLL_INTERVAL_MS', { default: 1000, min: 10, max: 60_000 }),
    concurrency,
    targetConcurrency: read.int('WEBHOOK_TARGET_CONCURRENCY', {
      default: Math.ceil(concurrency / 4),
      min: 1,
      max: 1000,
    }),
    // The lease also covers the callback lookup, the address check and recording the outcome.
    leaseMs: read.int('WEBHOOK_LEASE_MS', {
      default: timeoutMs + DEFAULT_LEASE_MARGIN_MS,
      min: timeoutMs + MIN_LEASE_MARGIN_MS,
      max: 3_600_000,
    }),
    allowedHosts: readAllowedHosts(read),
  };
  read.assertValid('webhook-dispatcher');
  return config;
}

function parseSchedule(read: EnvReader, raw: string): number[] {
  const parts = raw.split(',').map((part) => part.trim());
  const valid = parts.every((part) => /^\d+$/.test(part) && Number(part) >= 1 && Number(part) <= MAX_RETRY_WAIT_MS);
  if (!valid || parts.length > MAX_RETRIES) {
    read.report(
      `WEBHOOK_RETRY_SCHEDULE_MS: "${raw}" is not a comma-separated list of at most ${MAX_RETRIES} waits in ms (1 to ${MAX_RETRY_WAIT_MS})`,
    );
    return DEFAULT_RETRY_SCHEDULE.split(',').map(Number);
  }
  return parts.map(Number);
}
