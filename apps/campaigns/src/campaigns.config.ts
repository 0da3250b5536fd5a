import { EnvReader } from '@parley/service-kit';

export interface CampaignsConfig {
  /** Most campaign messages per second through one inbox, over all replicas (0: no limit). */
  sendRatePerInbox: number;
  /** Sends of a campaign in flight at once. */
  sendConcurrency: number;
  /** How often due campaigns are looked for. */
  pollIntervalMs: number;
  /** How long a replica's claim on a running campaign holds without renewal (another replica takes over after it). */
  leaseMs: number;
}

export const CAMPAIGNS_CONFIG = Symbol('CAMPAIGNS_CONFIG');

export function loadCampaignsConfig(env: Record<string, string | undefined> = process.env): CampaignsConfig {
  const read = new EnvReader(env);
  const config: CampaignsConfig = {
    sendRatePerInbox: read.int('CAMPAIGN_SEND_RATE_PER_INBOX', { default: 20, min: 0, max: 100_000 }),
    sendConcurrency: read.int('CAMPAIGN_SEND_CONCURRENCY', { default: 16, min: 1, max: 256 }),
    pollIntervalMs: read.int('CAMPAIGN_POLL_INTERVAL_MS', { default: 500, min: 20, max: 60_000 }),
    leaseMs: read.int('CAMPAIGN_LEASE_MS', { default: 10_000, min: 1000, max: 600_000 }),
  };
  read.assertValid('campaigns');
  return config;
}
