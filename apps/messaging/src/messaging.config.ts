import { EnvReader, readAllowedHosts, type AllowedHost } from '@parley/service-kit';

export interface MessagingConfig {
  /** Base URL clients reach the API at; invitation and attachment links point there. */
  publicUrl: string;
  /** How often snoozed conversations whose time has come are reopened. */
  snoozePollIntervalMs: number;
  /** The sandbox channel provider refuses messages containing this text (to exercise failures). */
  sandboxFailText: string | undefined;
  /** Test-only exemptions from the public-address rule for API-inbox callback URLs. */
  allowedHosts: AllowedHost[];
}

export const MESSAGING_CONFIG = Symbol('MESSAGING_CONFIG');

export function loadMessagingConfig(env: Record<string, string | undefined> = process.env): MessagingConfig {
  const read = new EnvReader(env);
  const config: MessagingConfig = {
    publicUrl: read.url('PUBLIC_URL', ['http', 'https'], { default: 'http://127.0.0.1:3000' }).replace(/\/+$/, ''),
    snoozePollIntervalMs: read.int('SNOOZE_POLL_INTERVAL_MS', { default: 5000, min: 100, max: 600_000 }),
    sandboxFailText: read.optionalString('CHANNEL_SANDBOX_FAIL_TEXT'),
    allowedHosts: readAllowedHosts(read),
  };
  read.assertValid('messaging');
  return config;
}
