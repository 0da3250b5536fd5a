import { CredentialCipher } from '@parley/channels';
import { EnvReader, readAllowedHosts, type AllowedHost } from '@parley/service-kit';

export interface ChannelsConfig {
  /** `CHANNEL_SANDBOX=1`: provider inboxes without credentials record their sends instead of failing "not connected". */
  sandbox: boolean;
  /** The sandbox provider refuses messages containing this text (to exercise failures). */
  sandboxFailText: string | undefined;
  /** Seals channel secrets (`CHANNEL_CREDENTIALS_KEY`, older keys in `CHANNEL_CREDENTIALS_PREVIOUS_KEYS`); null when unset. */
  cipher: CredentialCipher | null;
  /** `SMTP_URL`: the server of e-mail inboxes without their own. */
  smtpUrl: string | null;
  /** `MAIL_INBOUND_DOMAIN`: the domain of `reply+` and forwarding addresses and of Parley's Message-IDs. */
  mailInboundDomain: string;
  /** `MAIL_INBOUND_SMTP_PORT`: where the inbound SMTP listener accepts mail; unset: no listener. */
  mailInboundSmtpPort: number | null;
  mailInboundMaxBytes: number;
  /** PEM files for STARTTLS on the listener (both or neither). */
  mailInboundTls: { keyFile: string; certFile: string } | null;
  /** How long one send attempt (or one inbound e-mail's processing) may take before another replica may try again. */
  leaseMs: number;
  /** How often the send and inbound queues are looked at when nothing woke them. */
  pollIntervalMs: number;
  /** How long a transient failure is retried before the message is failed. */
  retryWindowMs: number;
  /** How long a send whose outcome a crash left unknown waits for a receipt naming it before it is failed. */
  receiptWaitMs: number;
  /** Most time between IMAP checks of a server without IDLE. */
  imapPollIntervalMs: number;
  /** Where the providers' APIs are (tests and egress proxies point them elsewhere). */
  graphApi: { baseUrl: string; version: string };
  telegramApiBaseUrl: string;
  twilioApiBaseUrl: string;
  /** Largest media file of an incoming provider message fetched into storage. */
  providerMediaMaxBytes: number;
  /** How long a replica holds a mailbox without renewing: a dead replica's mailboxes move on after this. */
  imapLeaseMs: number;
}

export interface MessagingConfig {
  /** Base URL clients reach the API at; invitation and attachment links point there. */
  publicUrl: string;
  /** How often snoozed conversations whose time has come are reopened. */
  snoozePollIntervalMs: number;
  /**
   * How long an agent counts as connected after its last `/cable` subscribe or `update_presence`
   * on a replica that has not said it left (a replica that died says nothing). The reference's
   * window is 20 s, with its dashboard refreshing every 20 s; 30 s leaves room for that refresh.
   */
  agentPresenceSeconds: number;
  /** Test-only exemptions from the public-address rule for API-inbox callback URLs. */
  allowedHosts: AllowedHost[];
  channels: ChannelsConfig;
}

export const MESSAGING_CONFIG = Symbol('MESSAGING_CONFIG');

function channelsConfig(read: EnvReader, env: Record<string, string | undefined>, publicUrl: string): ChannelsConfig {
  let cipher: CredentialCipher | null = null;
  try {
    cipher = CredentialCipher.fromEnv(env);
  } catch (error) {
    read.report((error as Error).message);
  }
  const keyFile = read.optionalString('MAIL_INBOUND_TLS_KEY');
  const certFile = read.optionalString('MAIL_INBOUND_TLS_CERT');
  if (!keyFile !== !certFile) read.report('MAIL_INBOUND_TLS_KEY and MAIL_INBOUND_TLS_CERT are set together');
  const port = read.optionalString('MAIL_INBOUND_SMTP_PORT');
  return {
    sandbox: read.bool('CHANNEL_SANDBOX', { default: false }),
    sandboxFailText: read.optionalString('CHANNEL_SANDBOX_FAIL_TEXT'),
    cipher,
    smtpUrl: read.optionalString('SMTP_URL') ? read.url('SMTP_URL', ['smtp', 'smtps']) : null,
    mailInboundDomain: (read.optionalString('MAIL_INBOUND_DOMAIN') ?? new URL(publicUrl).hostname).toLowerCase(),
    mailInboundSmtpPort:
      port === undefined ? null : read.int('MAIL_INBOUND_SMTP_PORT', { default: 2525, min: 0, max: 65535 }),
    mailInboundMaxBytes: read.int('MAIL_INBOUND_MAX_BYTES', {
      default: 25 * 1024 * 1024,
      min: 1024,
      max: 150 * 1024 * 1024,
    }),
    mailInboundTls: keyFile && certFile ? { keyFile, certFile } : null,
    leaseMs: read.int('CHANNEL_SEND_LEASE_MS', { default: 120_000, min: 5000, max: 3_600_000 }),
    pollIntervalMs: read.int('CHANNEL_POLL_INTERVAL_MS', { default: 1000, min: 20, max: 60_000 }),
    retryWindowMs: read.int('CHANNEL_RETRY_WINDOW_MS', { default: 15 * 60_000, min: 1000, max: 24 * 3_600_000 }),
    receiptWaitMs: read.int('CHANNEL_RECEIPT_WAIT_MS', { default: 10 * 60_000, min: 1000, max: 24 * 3_600_000 }),
    imapPollIntervalMs: read.int('IMAP_POLL_INTERVAL_MS', { default: 60_000, min: 200, max: 3_600_000 }),
    graphApi: {
      baseUrl: read.url('META_GRAPH_API_BASE_URL', ['http', 'https'], { default: 'https://graph.facebook.com' }),
      version: read.optionalString('META_GRAPH_API_VERSION') ?? 'v21.0',
    },
    telegramApiBaseUrl: read.url('TELEGRAM_API_BASE_URL', ['http', 'https'], { default: 'https://api.telegram.org' }),
    twilioApiBaseUrl: read.url('TWILIO_API_BASE_URL', ['http', 'https'], { default: 'https://api.twilio.com' }),
    providerMediaMaxBytes: read.int('PROVIDER_MEDIA_MAX_BYTES', {
      default: 100 * 1024 * 1024,
      min: 1024,
      max: 150 * 1024 * 1024,
    }),
    imapLeaseMs: read.int('IMAP_LEASE_MS', { default: 30_000, min: 1000, max: 600_000 }),
  };
}

export function loadMessagingConfig(env: Record<string, string | undefined> = process.env): MessagingConfig {
  const read = new EnvReader(env);
  const publicUrl = read.url('PUBLIC_URL', ['http', 'https'], { default: 'http://127.0.0.1:3000' }).replace(/\/+$/, '');
  const config: MessagingConfig = {
    publicUrl,
    snoozePollIntervalMs: read.int('SNOOZE_POLL_INTERVAL_MS', { default: 5000, min: 100, max: 600_000 }),
    agentPresenceSeconds: read.int('AGENT_PRESENCE_SECONDS', { default: 30, min: 1, max: 3600 }),
    allowedHosts: readAllowedHosts(read),
    channels: channelsConfig(read, env, publicUrl),
  };
  read.assertValid('messaging');
  return config;
}
