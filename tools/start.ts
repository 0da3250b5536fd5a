import { RunningSystem } from '@parley/testing/system';
import { join } from 'node:path';
import { attachmentUrlSecret, DEV_DIR, platformApiToken } from './dev-secrets';
import { ensureDatabase, ensureNats } from './local-services';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/parley';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const gatewayPort = Number(process.env.PORT ?? 3000);
/** `any` picks free health ports (for running a second system beside one on the defaults). */
const defaultHealthPorts = process.env.HEALTH_PORTS !== 'any';

function say(line: string): void {
  process.stdout.write(`[${new Date().toISOString()}] ${line}\n`);
}

/** `npm start`: checks PostgreSQL and NATS, then runs every service and the gateway on this machine. */
async function main(): Promise<void> {
  try {
    await ensureDatabase(databaseUrl);
    await ensureNats(natsUrl);
  } catch (error) {
    process.stderr.write(`\nCannot start Parley: ${(error as Error).message}\n`);
    process.exit(1);
  }
  const logDir = join(DEV_DIR, 'logs');
  process.stdout.write(`Starting Parley (logs in ${logDir}) …\n`);
  let system: RunningSystem;
  try {
    system = await RunningSystem.start({
      rootDir: process.cwd(),
      databaseUrl,
      natsUrl,
      namespace: process.env.NATS_NAMESPACE ?? '',
      platformApiToken: platformApiToken(true)!,
      gatewayPort,
      defaultPorts: defaultHealthPorts,
      logDir,
      supervise: say,
      env: {
        ATTACHMENT_URL_SECRET: attachmentUrlSecret(),
        STORAGE_DIR: process.env.STORAGE_DIR ?? join(DEV_DIR, 'storage'),
        // Messaging receives e-mail here (MX or forwarding target of e-mail inboxes).
        MAIL_INBOUND_SMTP_PORT: process.env.MAIL_INBOUND_SMTP_PORT ?? '2525',
      },
    });
  } catch (error) {
    process.stderr.write(`\nCannot start Parley: ${(error as Error).message}\n`);
    process.exit(1);
  }
  const health = (await (await fetch(`${system.gatewayUrl}/health`)).json()) as {
    services: Record<string, { status: string }>;
  };
  const pids = system.pids();
  for (const [service, report] of Object.entries(health.services))
    process.stdout.write(`  ${service.padEnd(20)} ${report.status.padEnd(5)} pid ${pids[service]}\n`);
  process.stdout.write(`\nParley is running: ${system.gatewayUrl}  (API docs: ${system.gatewayUrl}/api-docs)\n`);
  process.stdout.write('Get a token with `npm run seed`. Ctrl-C stops everything; a service that dies is restarted.\n');

  const stop = async () => {
    process.stdout.write('\nStopping …\n');
    await system.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

void main();
