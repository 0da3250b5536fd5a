import { LabelEvents } from '@parley/contracts';
import {
  createTestAccount,
  eventually,
  gatewayClient,
  publishedEvents,
  readE2eState,
  type TestAccount,
} from '@parley/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('the HTTP edge', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
  });

  it('answers GET /api without authentication', async () => {
    const response = await gatewayClient().get('/api');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      version: expect.any(String),
      timestamp: expect.any(String),
      queue_services: 'ok',
      data_services: 'ok',
    });
  });

  it('puts an X-Request-Id on every response, keeping the one the client sent', async () => {
    const generated = await gatewayClient().get('/api/v1/profile');
    expect(generated.status).toBe(401);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const given = await gatewayClient().get('/api', { headers: { 'x-request-id': 'client-chosen-id-1' } });
    expect(given.headers.get('x-request-id')).toBe('client-chosen-id-1');
    const unsafe = await gatewayClient().get('/api', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(unsafe.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });

  it('carries the request id into the service logs and the event metadata', async () => {
    const requestId = `corr-${Date.now()}`;
    const created = await account.admin.api.post(
      '/labels',
      { title: `traced-${Date.now()}` },
      { headers: { 'x-request-id': requestId } },
    );
    expect(created.status).toBe(201);
    const { logDir } = readE2eState();
    await eventually(() => {
      const lines = readFileSync(join(logDir, 'messaging.log'), 'utf8')
        .split('\n')
        .filter((line) => line.includes(requestId));
      expect(lines.map((line) => JSON.parse(line).correlation_id)).toContain(requestId);
    });
    const event = await eventually(async () => {
      const found = (await publishedEvents<{ label: { id: number } }>(LabelEvents.created)).find(
        (e) => e.data.label.id === created.body.id,
      );
      expect(found).toBeDefined();
      return found!;
    });
    expect(event.meta.correlation_id).toBe(requestId);
  });

  it('answers 404 with an error body for an unknown route', async () => {
    const response = await gatewayClient(account.admin.token).get('/api/v1/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Route GET /api/v1/does-not-exist not found' });
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await account.admin.api.post('/labels', undefined, { rawBody: '{"title": ' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/JSON/);
  });

  it('answers 400 for a body over the size limit', async () => {
    const response = await account.admin.api.post('/labels', { title: 'x'.repeat(1024 * 1024) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Request body is larger than the limit of 524288 bytes' });
  });

  it('serves an OpenAPI document generated from the controllers', async () => {
    const document = await gatewayClient().get('/api-docs/json');
    expect(document.status).toBe(200);
    expect(document.body.openapi).toMatch(/^3\./);
    expect(Object.keys(document.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/accounts/{account_id}/labels',
        '/api/v1/accounts/{account_id}/labels/{id}',
        '/platform/api/v1/accounts',
        '/api/v1/profile',
      ]),
    );
    expect(document.body.components.securitySchemes.api_access_token).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'api_access_token',
    });
    const ui = await gatewayClient().get('/api-docs');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
  });

  it('reports the health of every service', async () => {
    const response = await gatewayClient().get('/health');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('up');
    expect(Object.keys(response.body.services).sort()).toEqual(
      [
        'automation',
        'campaigns',
        'contacts',
        'gateway',
        'kanban',
        'messaging',
        'reporting',
        'webhook-dispatcher',
      ].sort(),
    );
    expect(response.body.services.messaging.checks).toEqual({ nats: { status: 'up' }, database: { status: 'up' } });
    expect((await gatewayClient().get('/health/live')).body).toEqual({ status: 'up' });
    expect((await gatewayClient().get('/health/ready')).body).toEqual({ status: 'up' });
  });
});
