import {
  createRunDatabase,
  createWebhookEndpoint,
  dropRunDatabase,
  eventually,
  freePort,
  readE2eState,
  ServiceProcess,
} from '@parley/testing';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';

interface OtlpExport {
  resourceSpans?: Array<{
    resource?: { attributes?: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans?: Array<{ spans?: Array<{ traceId: string; name: string }> }>;
  }>;
}

/**
 * With an OTLP endpoint configured, one trace runs from the client's `traceparent` through the
 * gateway, NATS, the service, its outbox event and the consumer to the outgoing webhook, and
 * every process exports its spans. A system of its own (tracing is off in the shared one).
 */
describe('tracing', () => {
  const state = readE2eState();
  const databaseName = `${new URL(state.databaseUrl).pathname.slice(1)}_tracing`;
  const adminUrl = Object.assign(new URL(state.databaseUrl), { pathname: '/postgres' }).toString();
  const exports: OtlpExport[] = [];
  const processes: ServiceProcess[] = [];
  let collector: Server;
  let gatewayUrl: string;
  let platformToken: string;

  beforeAll(async () => {
    collector = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.url === '/v1/traces')
          exports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const collectorPort = (collector.address() as { port: number }).port;
    const databaseUrl = await createRunDatabase(adminUrl, databaseName);
    platformToken = randomBytes(24).toString('base64url');
    const gatewayPort = await freePort();
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    const shared = {
      DATABASE_URL: databaseUrl,
      NATS_URL: state.natsUrl,
      NATS_NAMESPACE: `${state.namespace}_tracing`,
      PLATFORM_API_TOKEN: platformToken,
      ATTACHMENT_URL_SECRET: randomBytes(24).toString('base64url'),
      STORAGE_DIR: join(state.logDir, 'tracing-storage'),
      LOG_LEVEL: 'warn',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
      OTEL_BSP_SCHEDULE_DELAY: '200',
      WEBHOOK_ALLOWED_HOSTS: new URL(state.webhookReceiverUrl).host,
      NODE_EXTRA_CA_CERTS: state.webhookReceiverCaCertPath,
    };
    const start = async (service: string, env: Record<string, string>, readyPath: string, port: number) => {
      const process_ = new ServiceProcess({
        name: `${service}-tracing`,
        script: join(process.cwd(), 'dist', 'apps', service, 'src', 'main.js'),
        cwd: process.cwd(),
        env: { ...shared, ...env },
        readyUrl: `http://127.0.0.1:${port}${readyPath}`,
        logFile: join(state.logDir, `${service}-tracing.log`),
      });
      processes.push(process_);
      await process_.start();
    };
    for (const service of ['messaging', 'contacts', 'webhook-dispatcher']) {
      const port = await freePort();
      await start(
        service,
        { [`${service.toUpperCase().replace(/-/g, '_')}_HEALTH_PORT`]: String(port) },
        '/health/ready',
        port,
      );
    }
    await start('gateway', { PORT: String(gatewayPort) }, '/health/live', gatewayPort);
  }, 120_000);

  afterAll(async () => {
    for (const service of processes.reverse()) await service.stop();
    await new Promise((resolve) => collector?.close(resolve));
    await dropRunDatabase(adminUrl, databaseName).catch(() => undefined);
  }, 60_000);

  const call = async (path: string, token: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${gatewayUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', api_access_token: token, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // The API answers JSON of many shapes.
    return { status: response.status, body: (await response.json()) as any };
  };

  it("carries the client's trace from the request to the webhook it causes, and exports every process's spans", async () => {
    const account = (await call('/platform/api/v1/accounts', platformToken, { name: 'Traced' })).body;
    const user = (
      await call('/platform/api/v1/users', platformToken, { name: 'Tracer', email: `tracer-${Date.now()}@example.com` })
    ).body;
    await call(`/platform/api/v1/accounts/${account.id}/account_users`, platformToken, {
      user_id: user.id,
      role: 'administrator',
    });
    const token: string = user.access_token;
    const v1 = `/api/v1/accounts/${account.id}`;
    const endpoint = await createWebhookEndpoint();
    expect(
      (await call(`${v1}/webhooks`, token, { url: endpoint.url, subscriptions: ['message_created'] })).status,
    ).toBe(201);
    const inbox = (await call(`${v1}/inboxes`, token, { name: 'Traced', channel: { type: 'api' } })).body;
    const contact = (await call(`${v1}/contacts`, token, { name: 'Traced', inbox_id: inbox.id })).body.payload;
    const conversation = (
      await call(`${v1}/conversations`, token, {
        inbox_id: inbox.id,
        contact_id: contact.contact.id,
        source_id: contact.contact_inbox.source_id,
      })
    ).body;

    const traceId = randomBytes(16).toString('hex');
    const created = await call(
      `${v1}/conversations/${conversation.id}/messages`,
      token,
      { content: 'traced' },
      { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    );
    expect(created.status).toBe(201);

    const delivered = await eventually(async () => {
      const requests = await endpoint.requests();
      expect(requests.length).toBeGreaterThan(0);
      return requests[0];
    });
    expect(delivered.headers.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-0[01]$`));

    await eventually(async () => {
      const services = new Set<string>();
      for (const batch of exports) {
        for (const resource of batch.resourceSpans ?? []) {
          const service = resource.resource?.attributes?.find((attribute) => attribute.key === 'service.name')?.value
            .stringValue;
          const inTrace = (resource.scopeSpans ?? []).some((scope) =>
            (scope.spans ?? []).some((span) => span.traceId === traceId),
          );
          if (service && inTrace) services.add(service);
        }
      }
      // Contacts is in the trace too: it consumes message_created (the contact's last activity).
      expect([...services].sort()).toEqual([
        'parley-contacts',
        'parley-gateway',
        'parley-messaging',
        'parley-webhook-dispatcher',
      ]);
    });
  });
});
