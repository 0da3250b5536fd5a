import { WEBHOOK_EVENT_NAMES } from '@parley/contracts';
import {
  createTestAccount,
  createWebhookEndpoint,
  readE2eState,
  type TestAccount,
  type WebhookEndpoint,
} from '@parley/testing';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('webhook management', () => {
  let account: TestAccount;
  let endpoint: WebhookEndpoint;

  beforeAll(async () => {
    account = await createTestAccount();
    endpoint = await createWebhookEndpoint();
  });

  const create = (body: unknown) => account.admin.api.post('/webhooks', body);

  it('creates a webhook (201) with a generated secret and ISO dates, without calling its URL', async () => {
    const created = await create({ url: endpoint.url, subscriptions: ['conversation_created', 'message_created'] });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      account_id: account.id,
      url: endpoint.url,
      subscriptions: ['conversation_created', 'message_created'],
      secret: expect.stringMatching(/^[\w-]{32,}$/),
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    expect(await endpoint.requests()).toEqual([]);

    const list = await account.admin.api.get('/webhooks');
    expect(list.status).toBe(200);
    expect(list.body.payload).toContainEqual(created.body);
  });

  it('accepts every subscribable name of the contract', async () => {
    const created = await create({ url: endpoint.url, subscriptions: [...WEBHOOK_EVENT_NAMES] });
    expect(created.status).toBe(201);
    expect(created.body.subscriptions).toEqual([...WEBHOOK_EVENT_NAMES]);
  });

  it('replaces the subscriptions (PATCH), re-validates the URL (PUT) and deletes (204)', async () => {
    const { body: webhook } = await create({
      url: endpoint.url,
      subscriptions: ['conversation_created', 'contact_created'],
    });

    const patched = await account.admin.api.patch(`/webhooks/${webhook.id}`, { subscriptions: ['message_updated'] });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      id: webhook.id,
      url: endpoint.url,
      subscriptions: ['message_updated'],
      secret: webhook.secret,
      created_at: webhook.created_at,
    });
    expect(Date.parse(patched.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(webhook.updated_at));

    const other = await createWebhookEndpoint();
    const put = await account.admin.api.put(`/webhooks/${webhook.id}`, { url: other.url });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ url: other.url, subscriptions: ['message_updated'] });

    const refused = await account.admin.api.put(`/webhooks/${webhook.id}`, { url: 'https://10.0.0.5/hook' });
    expect(refused.status).toBe(422);
    expect(refused.body.attributes).toEqual(['url']);
    const emptied = await account.admin.api.patch(`/webhooks/${webhook.id}`, { subscriptions: [] });
    expect(emptied.status).toBe(422);

    const deleted = await account.admin.api.delete(`/webhooks/${webhook.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect(
      (await account.admin.api.patch(`/webhooks/${webhook.id}`, { subscriptions: ['message_created'] })).status,
    ).toBe(404);
    expect((await account.admin.api.delete(`/webhooks/${webhook.id}`)).body).toEqual({ error: 'Webhook not found' });
    expect((await account.admin.api.get('/webhooks')).body.payload.map((row: { id: number }) => row.id)).not.toContain(
      webhook.id,
    );
  });

  it.each([
    [
      'an HTTP URL',
      { url: 'http://hooks.example.com/parley' },
      'Url must use HTTPS: http://hooks.example.com/parley',
      'url',
    ],
    ['a malformed URL', { url: 'not a url' }, 'Url is not a valid URL: not a url', 'url'],
    ['a URL without scheme', { url: 'hooks.example.com/parley' }, 'Url is not a valid URL', 'url'],
    ['a blank URL', { url: '  ' }, "Url can't be blank", 'url'],
    [
      'a loopback address',
      { url: 'https://127.0.0.1/hook' },
      'Url must resolve only to public addresses: 127.0.0.1 is loopback',
      'url',
    ],
    [
      'a private address',
      { url: 'https://10.0.0.5/hook' },
      'Url must resolve only to public addresses: 10.0.0.5 is private',
      'url',
    ],
    [
      'a name resolving to loopback',
      { url: 'https://localhost/hook' },
      'localhost resolves to 127.0.0.1 is loopback',
      'url',
    ],
    [
      'the metadata address',
      { url: 'https://169.254.169.254/latest/meta-data' },
      '169.254.169.254 is link-local',
      'url',
    ],
    ['IPv6 loopback', { url: 'https://[::1]/hook' }, '::1 is loopback', 'url'],
    ['IPv4-mapped IPv6 loopback', { url: 'https://[::ffff:127.0.0.1]/hook' }, 'is loopback', 'url'],
    ['a numeric form of loopback', { url: 'https://2130706433/hook' }, '127.0.0.1 is loopback', 'url'],
    ['a CGNAT address', { url: 'https://100.64.0.1/hook' }, 'carrier-grade NAT', 'url'],
    [
      'an unknown subscription',
      { subscriptions: ['conversation_created', 'conversation_exploded'] },
      'Subscriptions contain unknown events: conversation_exploded',
      'subscriptions',
    ],
    [
      'an automation-only name',
      { subscriptions: ['conversation_opened'] },
      'Subscriptions contain unknown events: conversation_opened',
      'subscriptions',
    ],
    ['no subscriptions', { subscriptions: [] }, "Subscriptions can't be empty", 'subscriptions'],
  ])('refuses %s with 422 naming the bad value', async (_, change, message, field) => {
    const response = await create({ url: endpoint.url, subscriptions: ['conversation_created'], ...change });
    expect(response.status).toBe(422);
    expect(response.body.error).toContain(message);
    expect(response.body.attributes).toEqual([field]);
  });

  it("refuses the test receiver's host on a port that is not allowed", async () => {
    const receiver = new URL(readE2eState().webhookReceiverUrl);
    const response = await create({
      url: `https://${receiver.hostname}:1/hook`,
      subscriptions: ['conversation_created'],
    });
    expect(response.status).toBe(422);
    expect(response.body.error).toContain('is loopback');
  });

  it.each([
    [{ subscriptions: ['conversation_created'] }, 'url: must be a string'],
    [{ url: 42, subscriptions: ['conversation_created'] }, 'url: must be a string'],
    [{ url: 'https://hooks.example.com/' }, 'subscriptions: must be an array'],
    [{ url: 'https://hooks.example.com/', subscriptions: 'conversation_created' }, 'subscriptions: must be an array'],
    [{ url: 'https://hooks.example.com/', subscriptions: [1] }, 'each value in subscriptions must be a string'],
  ])('refuses a malformed body %j with 400', async (body, message) => {
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toContain(message);
  });

  it('answers 400 for a malformed id or page and 404 for an unknown webhook', async () => {
    expect((await account.admin.api.patch('/webhooks/abc', { subscriptions: ['message_created'] })).status).toBe(400);
    expect((await account.admin.api.get('/webhooks/abc/deliveries')).status).toBe(400);
    const { body: webhook } = await create({ url: endpoint.url, subscriptions: ['message_created'] });
    // page ≤ 0 is the first page (decisions: tolerant input); past the cap or not a number is malformed.
    expect((await account.admin.api.get(`/webhooks/${webhook.id}/deliveries?page=0`)).status).toBe(200);
    expect((await account.admin.api.get(`/webhooks/${webhook.id}/deliveries?page=100001`)).status).toBe(400);
    expect((await account.admin.api.get(`/webhooks/${webhook.id}/deliveries?page=abc`)).status).toBe(400);
    expect((await account.admin.api.get('/webhooks/99999999/deliveries')).status).toBe(404);
  });

  it('lists no deliveries for a new webhook', async () => {
    const { body: webhook } = await create({ url: endpoint.url, subscriptions: ['message_created'] });
    const log = await account.admin.api.get(`/webhooks/${webhook.id}/deliveries`);
    expect(log.status).toBe(200);
    expect(log.body).toEqual({ meta: { count: 0, current_page: 1 }, payload: [] });
  });

  it("treats another account's webhook as not found", async () => {
    const other = await createTestAccount();
    const { body: foreign } = await other.admin.api.post('/webhooks', {
      url: endpoint.url,
      subscriptions: ['message_created'],
    });
    expect(
      (await account.admin.api.patch(`/webhooks/${foreign.id}`, { subscriptions: ['contact_created'] })).status,
    ).toBe(404);
    expect((await account.admin.api.put(`/webhooks/${foreign.id}`, { url: endpoint.url })).status).toBe(404);
    expect((await account.admin.api.delete(`/webhooks/${foreign.id}`)).status).toBe(404);
    expect((await account.admin.api.get(`/webhooks/${foreign.id}/deliveries`)).status).toBe(404);
    expect((await account.admin.api.get('/webhooks')).body.payload.map((row: { id: number }) => row.id)).not.toContain(
      foreign.id,
    );
    expect((await other.admin.api.get('/webhooks')).body.payload).toHaveLength(1);
  });

  it('is for administrators only', async () => {
    const agent = await account.addUser('agent');
    const { body: webhook } = await create({ url: endpoint.url, subscriptions: ['message_created'] });
    for (const response of [
      await agent.api.get('/webhooks'),
      await agent.api.post('/webhooks', { url: endpoint.url, subscriptions: ['message_created'] }),
      await agent.api.patch(`/webhooks/${webhook.id}`, { subscriptions: ['contact_created'] }),
      await agent.api.put(`/webhooks/${webhook.id}`, { url: endpoint.url }),
      await agent.api.delete(`/webhooks/${webhook.id}`),
      await agent.api.get(`/webhooks/${webhook.id}/deliveries`),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 'This action requires the administrator role' });
    }
  });

  it('ignores trailing slashes', async () => {
    const created = await account.admin.api.post('/webhooks/', {
      url: endpoint.url,
      subscriptions: ['message_created'],
    });
    expect(created.status).toBe(201);
    expect((await account.admin.api.get('/webhooks/')).status).toBe(200);
  });
});
