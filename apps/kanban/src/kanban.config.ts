import { EnvReader, readAllowedHosts, type AllowedHost } from '@parley/service-kit';

export interface KanbanServiceConfig {
  /** Test-only exemptions from the public-address rule for `kanban_config.webhook_url`. */
  allowedHosts: AllowedHost[];
  /** How long `test_webhook` waits for the first attempt's outcome (the delivery timeout is 5 s). */
  testWebhookWaitMs: number;
}

export const KANBAN_SERVICE_CONFIG = Symbol('KANBAN_SERVICE_CONFIG');

export function loadKanbanConfig(env: Record<string, string | undefined> = process.env): KanbanServiceConfig {
  const read = new EnvReader(env);
  const config: KanbanServiceConfig = {
    allowedHosts: readAllowedHosts(read),
    testWebhookWaitMs: read.int('KANBAN_TEST_WEBHOOK_WAIT_MS', { default: 7000, min: 100, max: 60_000 }),
  };
  read.assertValid('kanban');
  return config;
}
