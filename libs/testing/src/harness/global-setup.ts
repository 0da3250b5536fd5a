import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { provisionInfrastructure, type Infrastructure } from '../environment/infrastructure';
import { createRunDatabase } from '../environment/run-database';
import { SmtpCapture } from '../mail/smtp-capture';
import { RAISED_RATE_LIMITS } from '../system/raised-rate-limits';
import { RunningSystem } from '../system/running-system';
import { WebhookReceiver } from '../webhooks/webhook-receiver';
import { ProviderFakes } from '../providers/provider-fakes';
import { startControlServer } from './control-server';
import { E2E_STATE_VARIABLE, type E2eState } from './e2e-state';
import globalTeardown from './global-teardown';
import { freePort } from '../environment/free-port';

/** The domain of the e-mail addresses Parley's listener receives in the suites (reply+, forwarding). */
const MAIL_INBOUND_DOMAIN = 'inbound.parley.test';

export interface E2eRun {
  infrastructure: Infrastructure;
  smtp: SmtpCapture;
  webhookReceiver: WebhookReceiver | null;
  providerFakes: ProviderFakes | null;
  system: RunningSystem | null;
  control: { close(): Promise<void> } | null;
  databaseName: string;
  state: E2eState;
}

declare global {
  var parleyE2eRun: E2eRun | undefined;
}

/**
 * Jest global setup: real PostgreSQL and NATS, a fresh database and a NATS namespace of this
 * run's own (concurrent runs never meet), every service started from `dist/`.
 */
export default async function globalSetup(): Promise<void> {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const infrastructure = await provisionInfrastructure();
  const databaseName = `parley_e2e_${runId}`;
  const databaseUrl = await createRunDatabase(infrastructure.adminDatabaseUrl, databaseName);
  const namespace = `e2e_${runId}`;
  const platformApiToken = randomBytes(24).toString('base64url');
  const rootDir = process.cwd();
  const logDir = join(rootDir, 'tmp', 'e2e', runId);
  const run: E2eRun = {
    infrastructure,
    smtp: new SmtpCapture(),
    webhookReceiver: null,
    providerFakes: null,
    system: null,
    control: null,
    databaseName,
    state: {
      gatewayUrl: '',
      controlUrl: '',
      platformApiToken,
      databaseUrl,
      natsUrl: infrastructure.natsUrl,
      redisUrl: infrastructure.redisUrl,
      namespace,
      logDir,
      webhookReceiverUrl: '',
      webhookReceiverCaCertPath: '',
      healthUrls: {},
      mailInboundPort: 0,
      mailInboundDomain: MAIL_INBOUND_DOMAIN,
    },
  };
  globalThis.parleyE2eRun = run;
  try {
    await startSystem(run, rootDir, logDir);
  } catch (error) {
    // Jest skips the teardown when the setup fails: clean up here.
    await globalTeardown();
    throw error;
  }
  process.env[E2E_STATE_VARIABLE] = JSON.stringify(run.state);
  process.stdout.write(
    `\nParley e2e: ${infrastructure.source} PostgreSQL + NATS, database ${databaseName}, logs in ${logDir}\n`,
  );
}

async function startSystem(run: E2eRun, rootDir: string, logDir: string): Promise<void> {
  const { databaseUrl, natsUrl, namespace, platformApiToken } = run.state;
  const smtpPort = await run.smtp.start();
  const mailInboundPort = await freePort();
  const receiver = await WebhookReceiver.start(join(logDir, 'webhook-receiver'));
  run.webhookReceiver = receiver;
  const fakes = await ProviderFakes.start(join(logDir, 'provider-fakes'), [receiver.caCertPath]);
  run.providerFakes = fakes;
  run.system = await RunningSystem.start({
    rootDir,
    databaseUrl,
    natsUrl,
    namespace,
    platformApiToken,
    logDir,
    env: {
      ...RAISED_RATE_LIMITS,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
      SHUTDOWN_GRACE_MS: '5000',
      // Eight services and the replicas some suites start stay within PostgreSQL's default 100 connections.
      DB_POOL_SIZE: '6',
      RPC_TIMEOUT_MS: '3000',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      STORAGE_DIR: join(logDir, 'storage'),
      ATTACHMENT_URL_SECRET: randomBytes(24).toString('base64url'),
      SNOOZE_POLL_INTERVAL_MS: '200',
      // Provider inboxes created without credentials record their sends (decisions.md "Channels").
      CHANNEL_SANDBOX: '1',
      CHANNEL_SANDBOX_FAIL_TEXT: '[sandbox-fail]',
      CHANNEL_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
      CHANNEL_POLL_INTERVAL_MS: '200',
      MAIL_INBOUND_SMTP_PORT: String(mailInboundPort),
      MAIL_INBOUND_DOMAIN: MAIL_INBOUND_DOMAIN,
      // A killed replica's mailboxes and sends move on within seconds.
      IMAP_LEASE_MS: '3000',
      CHANNEL_SEND_LEASE_MS: '15000',
      // A send a crash left in doubt waits this long for a receipt naming it.
      CHANNEL_RECEIPT_WAIT_MS: '30000',
      IMPORT_LEASE_MS: '2000',
      // Webhooks: only the local test receiver is exempt from the public-address rule, its CA is
      // trusted, and the retry schedule runs in seconds instead of minutes.
      WEBHOOK_ALLOWED_HOSTS: receiver.hostAndPort,
      NODE_EXTRA_CA_CERTS: fakes.caBundlePath,
      // The providers' APIs: local fakes (libs/testing/src/providers).
      ...fakes.env,
      WEBHOOK_RETRY_SCHEDULE_MS: '1000,2000,3000',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_POLL_INTERVAL_MS: '100',
      // Kanban: workers look for due work often, and an automation's "hour in stage" lasts a second.
      KANBAN_WORKER_POLL_MS: '200',
      KANBAN_HOUR_MS: '1000',
    },
  });
  const control = await startControlServer(
    run.system,
    run.smtp.mails,
    (request, response) => receiver.handleControl(request, response) || fakes.handleControl(request, response),
  );
  run.control = control;
  run.state = {
    ...run.state,
    gatewayUrl: run.system.gatewayUrl,
    controlUrl: control.url,
    webhookReceiverUrl: receiver.url,
    webhookReceiverCaCertPath: receiver.caCertPath,
    healthUrls: run.system.healthUrls,
    mailInboundPort,
    mailInboundDomain: MAIL_INBOUND_DOMAIN,
  };
}
