/** What the global setup tells every test file about the system it started. */
export interface E2eState {
  gatewayUrl: string;
  controlUrl: string;
  platformApiToken: string;
  databaseUrl: string;
  natsUrl: string;
  /** Redis for suites that need shared rate-limit state (the system itself runs without it). */
  redisUrl: string;
  namespace: string;
  /** Each service writes `<service>.log` here. */
  logDir: string;
  /** The CA that signed the test receiver's certificate (for services started by a suite itself). */
  webhookReceiverCaCertPath: string;
  /** Base URL of each deployable's health and metrics endpoints, by service name. */
  healthUrls: Record<string, string>;
  /** The HTTPS test receiver webhooks may be delivered to (see `createWebhookEndpoint`). */
  webhookReceiverUrl: string;
  /** Messaging's inbound SMTP listener (MAIL_INBOUND_SMTP_PORT) and the domain of its addresses. */
  mailInboundPort: number;
  mailInboundDomain: string;
}

export const E2E_STATE_VARIABLE = 'PARLEY_E2E_STATE';

export function readE2eState(): E2eState {
  const raw = process.env[E2E_STATE_VARIABLE];
  if (!raw)
    throw new Error('No end-to-end system: run the suites with tests/e2e/jest.config.js (its global setup starts one)');
  return JSON.parse(raw) as E2eState;
}
