import { EnvReader, readAllowedHosts, type AllowedHost } from '@parley/service-kit';

export interface KanbanServiceConfig {
  /** Test-only exemptions from the public-address rule for `kanban_config.webhook_url`. */
  allowedHosts: AllowedHost[];
  /** Base URL clients reach the API at; attachment links point there. */
  publicUrl: string;
  /** How often the workers (file removals, time-in-stage automations) look for due work. */
  workerPollMs: number;
  /** How long an "hour" of a time-in-stage automation lasts (shortened in tests). */
  hourMs: number;
  /** How long a worker holds a claimed timer before another replica may take it over (a crash). */
  timerLeaseMs: number;
  /** How long `test_webhook` waits for the first attempt's outcome (the delivery timeout is 5 s). */
  testWebhookWaitMs: number;
}

export const KANBAN_SERVICE_CONFIG = Symbol('KANBAN_SERVICE_CONFIG');

export function loadKanbanConfig(env: Record<string, string | undefined> = process.env): KanbanServiceConfig {
  const read = new EnvReader(env);
  const config: KanbanServiceConfig = {
    allowedHosts: readAllowedHosts(read),
    publicUrl: read.url('PUBLIC_URL', ['http', 'https'], { default: 'http://127.0.0.1:3000' }).replace(/\/+$/, ''),
    workerPollMs: read.int('KANBAN_WORKER_POLL_MS', { default: 5000, min: 50, max: 600_000 }),
    hourMs: read.int('KANBAN_HOUR_MS', { default: 3_600_000, min: 1, max: 3_600_000 }),
    timerLeaseMs: read.int('KANBAN_TIMER_LEASE_MS', { default: 60_000, min: 1000, max: 3_600_000 }),
    testWebhookWaitMs: read.int('KANBAN_TEST_WEBHOOK_WAIT_MS', { default: 7000, min: 100, max: 60_000 }),
  };
  read.assertValid('kanban');
  return config;
}
