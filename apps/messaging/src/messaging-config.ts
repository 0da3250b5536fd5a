import { EnvReader } from '@parley/service-kit';

export interface MessagingConfig {
  /** Base URL clients reach the API at; invitation and attachment links point there. */
  publicUrl: string;
  /** How often snoozed conversations whose time has come are reopened. */
  snoozePollIntervalMs: number;
  /** The sandbox channel provider refuses messages containing this text (to exercise failures). */
  sandboxFailText: string | undefined;
}

export const MESSAGING_CONFIG = Symbol('MESSAGING_CONFIG');

export function loadMessagingConfig(env: Record<string, string | undefined> = process.env): MessagingConfig {
  const read = new EnvReader(env);
  const config: MessagingConfig = {
    publicUrl: read.url('PUBLIC_URL', ['http', 'https'], { default: 'http://127.0.0.1:3000' }).replace(/\/+$/, ''),
    snoozePollIntervalMs: read.int('SNOOZE_POLL_INTERVAL_MS', { default: 5000, min: 100, max: 600_000 }),
    sandboxFailText: read.optionalString('CHANNEL_SANDBOX_FAIL_TEXT'),
  };
  read.assertValid('messaging');
  return config;
}
