import {
  createRunDatabase,
  dropRunDatabase,
  eventually,
  freePort,
  readE2eState,
  ServiceProcess,
  TcpProxy,
} from '@parley/testing';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/**
 * Outages answer 503 at once, and the system comes back by itself. A gateway and a messaging
 * service of their own reach PostgreSQL and NATS through proxies this test can cut, so the
 * shared servers (and the other suites) are never disturbed.
 */
describe('outages of PostgreSQL and NATS', () => {
  const state = readE2eState();
  const databaseName = `${new URL(state.databaseUrl).pathname.slice(1)}_outage`;
  const adminUrl = Object.assign(new URL(state.databaseUrl), { pathname: '/postgres' }).toString();
  const postgres = new URL(state.databaseUrl);
  const nats = new URL(state.natsUrl);
  const pgProxy = new TcpProxy(postgres.hostname, Number(postgres.port || 5432));
  const natsProxy = new TcpProxy(nats.hostname, Number(nats.port || 4222));
  const platformToken = randomBytes(24).toString('base64url');
  const processes: ServiceProcess[] = [];
  let gatewayUrl: string;
  let messagingReadyUrl: string;
  let token: string;

  const call = async (path: string, init: RequestInit = {}) => {
    const started = Date.now();
    const response = await fetch(`${gatewayUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', api_access_token: token, ...init.headers },
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : null,
      headers: response.headers,
      ms: Date.now() - started,
    };
  };

  beforeAll(async () => {
    const databaseUrl = await createRunDatabase(adminUrl, databaseName);
    await pgProxy.start();
    await natsProxy.start();
    const [gatewayPort, healthPort] = [await freePort(), await freePort()];
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    messagingReadyUrl = `http://127.0.0.1:${healthPort}/health/ready`;
    const shared = {
      NATS_NAMESPACE: `${state.namespace}_outage`,
      PLATFORM_API_TOKEN: platformToken,
      ATTACHMENT_URL_SECRET: randomBytes(24).toString('base64url'),
      STORAGE_DIR: join(state.logDir, 'outage-storage'),
      RPC_TIMEOUT_MS: '3000',
      LOG_LEVEL: 'warn',
      DB_POOL_SIZE: '4',
    };
    const messaging = new ServiceProcess({
      name: 'messaging-outage',
      script: join(process.cwd(), 'dist', 'apps', 'messaging', 'src', 'main.js'),
      cwd: process.cwd(),
      env: {
        ...shared,
        DATABASE_URL: pgProxy.url(databaseUrl),
        NATS_URL: state.natsUrl,
        MESSAGING_HEALTH_PORT: String(healthPort),
      },
      readyUrl: messagingReadyUrl,
      logFile: join(state.logDir, 'messaging-outage.log'),
    });
    const gateway = new ServiceProcess({
      name: 'gateway-outage',
      script: join(process.cwd(), 'dist', 'apps', 'gateway', 'src', 'main.js'),
      cwd: process.cwd(),
      env: { ...shared, NATS_URL: natsProxy.url(state.natsUrl), PORT: String(gatewayPort) },
      readyUrl: `${gatewayUrl}/health/live`,
      logFile: join(state.logDir, 'gateway-outage.log'),
    });
    processes.push(messaging, gateway);
    await messaging.start();
    await gateway.start();
    token = platformToken;
    const user = await call('/platform/api/v1/users', {
      method: 'POST',
      body: JSON.stringify({ name: 'Outage', email: `outage-${Date.now()}@example.com` }),
    });
    expect(user.status).toBe(201);
    token = user.body.access_token;
  }, 120_000);

  afterAll(async () => {
    for (const service of processes.reverse()) await service.stop();
    await pgProxy.cut();
    await natsProxy.cut();
    await dropRunDatabase(adminUrl, databaseName).catch(() => undefined);
  }, 60_000);

  it('answers 503 with Retry-After while the database is down, reports not ready, and recovers by itself', async () => {
    expect((await call('/api/v1/profile')).status).toBe(200);
    await pgProxy.cut();
    const during = await call('/api/v1/profile');
    expect(during.status).toBe(503);
    expect(during.body).toEqual({ error: expect.stringMatching(/temporarily unavailable/) });
    expect(during.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(during.ms).toBeLessThan(3000);
    expect((await fetch(messagingReadyUrl)).status).toBe(503);

    await pgProxy.start();
    await eventually(async () => expect((await call('/api/v1/profile')).status).toBe(200), {
      timeoutMs: 30_000,
      intervalMs: 200,
    });
    expect((await fetch(messagingReadyUrl)).status).toBe(200);
  });

  it("answers 503 at once, not after the RPC timeout, while the gateway's NATS connection is down, and recovers by itself", async () => {
    expect((await call('/api/v1/profile')).status).toBe(200);
    await natsProxy.cut();
    const during = await eventually(
      async () => {
        const response = await call('/api/v1/profile');
        expect(response.status).toBe(503);
        return response;
      },
      { timeoutMs: 10_000 },
    );
    expect(during.body).toEqual({ error: expect.stringMatching(/unavailable/) });
    expect(during.headers.get('retry-after')).toMatch(/^\d+$/);
    // Well under the 3 s RPC timeout: the gateway knows NATS is down and does not wait.
    expect(during.ms).toBeLessThan(1000);

    await natsProxy.start();
    await eventually(async () => expect((await call('/api/v1/profile')).status).toBe(200), {
      timeoutMs: 30_000,
      intervalMs: 200,
    });
  });
});
