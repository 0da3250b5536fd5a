import {
  ContactEvents,
  ConversationEvents,
  MessageEvents,
  type ConversationSnapshot,
  type EventEnvelope,
  type Message,
} from '@parley/contracts';
import {
  allDeliveryAttempts,
  contactSnapshot,
  createTestAccount,
  createWebhookEndpoint,
  deliveriesOfEvent,
  dispatcherConsumed,
  eventually,
  publishedEvents,
  publishContactUpdate,
  publishEvent,
  metricSample,
  scrapeMetrics,
  seedContact,
  verifyParleySignature,
  type ReceivedRequest,
  type TestAccount,
  type WebhookEndpoint,
} from '@parley/testing';
import { createHmac } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ACCOUNT_NAME = `Webhook Co ${Date.now()}`;

type Body = {
  id: string;
  event: string;
  created_at: number;
  account: { id: number; name: string };
  data: Record<string, any>;
  changed_attributes?: unknown;
  user?: unknown;
};

const bodies = (requests: ReceivedRequest[]): Body[] => requests.map((request) => JSON.parse(request.body) as Body);

/** Waits until `endpoint` received requests for which `select` holds, exactly `count` of them. */
async function receivedFor(
  endpoint: WebhookEndpoint,
  select: (body: Body) => boolean,
  count = 1,
  timeoutMs = 15_000,
): Promise<ReceivedRequest[]> {
  return eventually(
    async () => {
      const matching = (await endpoint.requests()).filter((request) => select(JSON.parse(request.body)));
      expect(matching).toHaveLength(count);
      return matching;
    },
    { timeoutMs, description: 'Webhook requests' },
  );
}

describe('webhook delivery', () => {
  let account: TestAccount;
  let inboxId: number;

  beforeAll(async () => {
    account = await createTestAccount(ACCOUNT_NAME);
    inboxId = (
      await account.admin.api.post('/inboxes', {
        name: 'Site',
        channel: { type: 'web_widget', website_url: 'https://example.com' },
      })
    ).body.id;
  });

  const subscribe = async (endpoint: WebhookEndpoint, subscriptions: string[]) => {
    const response = await account.admin.api.post('/webhooks', { url: endpoint.url, subscriptions });
    expect(response.status).toBe(201);
    return response.body as { id: number; secret: string };
  };

  const openConversation = async () => {
    const contact = await seedContact(account.id);
    const response = await account.admin.api.post('/conversations', {
      source_id: `visitor-${contact.id}`,
      inbox_id: inboxId,
      contact_id: contact.id,
    });
    expect(response.status).toBe(201);
    return response.body as { id: number; contact_id: number };
  };

  async function eventOf<T>(type: string, select: (data: T) => boolean): Promise<EventEnvelope<T>> {
    return eventually(async () => {
      const found = (await publishedEvents<T>(type)).filter(
        (event) => event.account_id === account.id && select(event.data),
      );
      expect(found).toHaveLength(1);
      return found[0];
    });
  }

  it('posts a signed conversation_created that the receiver can verify', async () => {
    const endpoint = await createWebhookEndpoint();
    const webhook = await subscribe(endpoint, ['conversation_created']);
    const conversation = await openConversation();

    const [request] = await receivedFor(endpoint, (body) => body.data.id === conversation.id);
    const published = await eventOf<{ conversation: ConversationSnapshot }>(
      ConversationEvents.created,
      (data) => data.conversation.id === conversation.id,
    );

    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-parley-event']).toBe('conversation_created');
    expect(request.headers['x-parley-delivery']).toMatch(UUID);
    const timestamp = Number(request.headers['x-parley-timestamp']);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
    // What a receiver does: HMAC-SHA256 with the webhook's secret over "<timestamp>.<raw body>".
    const expected = createHmac('sha256', webhook.secret).update(`${timestamp}.${request.body}`).digest('hex');
    expect(request.headers['x-parley-signature']).toBe(`sha256=${expected}`);
    expect(verifyParleySignature(webhook.secret, request)).toBe(true);
    expect(verifyParleySignature('another secret', request)).toBe(false);
    expect(
      verifyParleySignature(webhook.secret, {
        ...request,
        body: request.body.replace('conversation_created', 'conversation_updated'),
      }),
    ).toBe(false);

    const body = JSON.parse(request.body);
    expect(body).toEqual({
      id: published.id,
      event: 'conversation_created',
      created_at: Math.floor(Date.parse(published.occurred_at) / 1000),
      account: { id: account.id, name: ACCOUNT_NAME },
      data: published.data.conversation,
    });
    expect(body.data).toMatchObject({
      id: conversation.id,
      inbox_id: inboxId,
      contact_id: conversation.contact_id,
      status: 'open',
    });
  });

  it('attempts a delivery the dispatcher has a free slot for without a claim: its insert leases it', async () => {
    const leasedByInsert = async () =>
      metricSample((await scrapeMetrics('webhook-dispatcher')).text, 'parley_webhook_leases_total', { by: 'insert' }) ??
      0;
    const before = await leasedByInsert();
    const endpoint = await createWebhookEndpoint();
    await subscribe(endpoint, ['conversation_created']);
    // Another conversation if this one met a claim running at that moment (slots then go to older deliveries first).
    await eventually(
      async () => {
        const conversation = await openConversation();
        await receivedFor(endpoint, (body) => body.data.id === conversation.id);
        expect(await leasedByInsert()).toBeGreaterThan(before);
      },
      { timeoutMs: 30_000, intervalMs: 200, description: 'A delivery leased by its insert' },
    );
  });

  it('delivers only the names a webhook subscribed to, each webhook on its own', async () => {
    const messagesOnly = await createWebhookEndpoint();
    const conversationsOnly = await createWebhookEndpoint();
    const messagesHook = await subscribe(messagesOnly, ['message_created']);
    const conversationsHook = await subscribe(conversationsOnly, [
      'conversation_created',
      'conversation_status_changed',
      'conversation_resolved',
    ]);

    const conversation = await openConversation();
    const sent = (
      await account.admin.api.post(`/conversations/${conversation.id}/messages`, { content: 'Hello there' })
    ).body as Message;
    await account.admin.api.post(`/conversations/${conversation.id}/toggle_status`, { status: 'resolved' });

    const [message] = await receivedFor(messagesOnly, (body) => body.data.id === sent.id);
    expect(message.headers['x-parley-event']).toBe('message_created');
    expect(verifyParleySignature(messagesHook.secret, message)).toBe(true);
    expect(JSON.parse(message.body).data).toMatchObject({
      id: sent.id,
      content: 'Hello there',
      message_type: 'outgoing',
      conversation_id: conversation.id,
    });

    const forConversation = (body: Body) =>
      body.data.id === conversation.id || body.data.conversation_id === conversation.id;
    await receivedFor(conversationsOnly, (body) => forConversation(body) && body.event === 'conversation_resolved');
    const statusChanged = await receivedFor(
      conversationsOnly,
      (body) => forConversation(body) && body.event === 'conversation_status_changed',
    );
    expect(JSON.parse(statusChanged[0].body).changed_attributes).toEqual([
      { status: { previous_value: 'open', current_value: 'resolved' } },
    ]);

    // Everything for this conversation has been consumed: nothing else can arrive any more.
    const created = await eventOf<{ conversation: ConversationSnapshot }>(
      ConversationEvents.created,
      (data) => data.conversation.id === conversation.id,
    );
    const messageEvent = await eventOf<{ message: Message }>(
      MessageEvents.created,
      (data) => data.message.id === sent.id,
    );
    await dispatcherConsumed(created);
    await dispatcherConsumed(messageEvent);
    const ofTheseHooks = async (eventId: string) =>
      (await deliveriesOfEvent(eventId))
        .map((delivery) => delivery.webhook_id)
        .filter((id) => id === messagesHook.id || id === conversationsHook.id);
    expect(await ofTheseHooks(created.id)).toEqual([conversationsHook.id]);
    expect(await ofTheseHooks(messageEvent.id)).toEqual([messagesHook.id]);
    expect(
      bodies(await messagesOnly.requests())
        .filter(forConversation)
        .map((body) => body.event),
    ).toEqual(['message_created']);
    expect(
      bodies(await conversationsOnly.requests())
        .filter(forConversation)
        .map((body) => body.event)
        .sort(),
    ).toEqual(['conversation_created', 'conversation_resolved', 'conversation_status_changed']);
  });

  it('sends no message_created for activity messages', async () => {
    const endpoint = await createWebhookEndpoint();
    await subscribe(endpoint, ['message_created']);
    const conversation = await openConversation();
    await account.admin.api.post(`/conversations/${conversation.id}/toggle_status`, { status: 'pending' });
    const activity = await eventOf<{ message: Message }>(
      MessageEvents.created,
      (data) => data.message.conversation_id === conversation.id && data.message.message_type === 'activity',
    );
    await dispatcherConsumed(activity);
    expect(await deliveriesOfEvent(activity.id)).toEqual([]);
    expect(bodies(await endpoint.requests()).filter((body) => body.id === activity.id)).toEqual([]);
  });

  it('sends message_updated with changed_attributes and typing events with the user', async () => {
    const endpoint = await createWebhookEndpoint();
    await subscribe(endpoint, ['message_updated', 'conversation_typing_on', 'conversation_typing_off']);
    const conversation = await openConversation();
    const sent = (await account.admin.api.post(`/conversations/${conversation.id}/messages`, { content: 'Typo' }))
      .body as Message;
    expect((await account.admin.api.delete(`/conversations/${conversation.id}/messages/${sent.id}`)).status).toBe(200);
    await account.admin.api.post(`/conversations/${conversation.id}/toggle_typing_status`, { typing_status: 'on' });
    await account.admin.api.post(`/conversations/${conversation.id}/toggle_typing_status`, { typing_status: 'off' });

    const [updated] = await receivedFor(
      endpoint,
      (body) => body.event === 'message_updated' && body.data.id === sent.id,
    );
    const body = JSON.parse(updated.body);
    expect(body.data).toMatchObject({ id: sent.id, content_attributes: { deleted: true } });
    expect(body.changed_attributes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ content: { previous_value: 'Typo', current_value: expect.any(String) } }),
      ]),
    );

    for (const name of ['conversation_typing_on', 'conversation_typing_off']) {
      const [typing] = await receivedFor(
        endpoint,
        (candidate) => candidate.event === name && candidate.data.id === conversation.id,
      );
      expect(JSON.parse(typing.body).user).toEqual({ id: account.admin.id, name: expect.any(String) });
    }
  });

  it('delivers contact events as the contacts service publishes them', async () => {
    const endpoint = await createWebhookEndpoint();
    await subscribe(endpoint, ['contact_created', 'contact_updated']);
    const contact = contactSnapshot(account.id, { name: 'Grace' });
    const created = await publishEvent(ContactEvents.created, account.id, { contact });
    const renamed = { ...contact, name: 'Grace Hopper' };
    const changes = [{ name: { previous_value: 'Grace', current_value: 'Grace Hopper' } }];
    const updated = await publishEvent(ContactEvents.updated, account.id, {
      contact: renamed,
      changed_attributes: changes,
    });

    const [second] = await receivedFor(endpoint, (body) => body.id === updated.id);
    expect(JSON.parse(second.body)).toMatchObject({
      event: 'contact_updated',
      data: renamed,
      changed_attributes: changes,
    });
    // contact.created may queue behind a bulk import's thousands of events: allow for that.
    const [first] = await receivedFor(endpoint, (body) => body.id === created.id, 1, 100_000);
    expect(JSON.parse(first.body)).toMatchObject({
      event: 'contact_created',
      account: { id: account.id },
      data: contact,
    });
  }, 120_000);

  it('delivers nothing to a deleted webhook', async () => {
    const endpoint = await createWebhookEndpoint();
    const webhook = await subscribe(endpoint, ['contact_updated']);
    expect((await account.admin.api.delete(`/webhooks/${webhook.id}`)).status).toBe(204);
    const event = await publishContactUpdate(account.id);
    await dispatcherConsumed(event);
    expect((await deliveriesOfEvent(event.id)).filter((delivery) => delivery.webhook_id === webhook.id)).toEqual([]);
    expect(await endpoint.requests()).toEqual([]);
  });

  it('sends the credentials of a webhook URL as Basic authentication', async () => {
    const endpoint = await createWebhookEndpoint();
    const url = new URL(endpoint.url);
    url.username = 'hooks';
    url.password = 'p@ss:word';
    const response = await account.admin.api.post('/webhooks', {
      url: url.toString(),
      subscriptions: ['contact_updated'],
    });
    expect(response.status).toBe(201);
    const event = await publishContactUpdate(account.id);
    const [request] = await receivedFor(endpoint, (body) => body.id === event.id);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from('hooks:p@ss:word').toString('base64')}`);
  });

  it("keeps each account's events to its own webhooks", async () => {
    const endpoint = await createWebhookEndpoint();
    await subscribe(endpoint, ['contact_updated']);
    const other = await createTestAccount();
    const foreign = await publishContactUpdate(other.id);
    await dispatcherConsumed(foreign);
    expect(await deliveriesOfEvent(foreign.id)).toEqual([]);
    expect(await endpoint.requests()).toEqual([]);
  });

  it('logs every attempt, newest first, 25 per page', async () => {
    const quiet = await createTestAccount();
    const endpoint = await createWebhookEndpoint();
    const webhook = (await quiet.admin.api.post('/webhooks', { url: endpoint.url, subscriptions: ['contact_updated'] }))
      .body;
    const events = await Promise.all(Array.from({ length: 26 }, () => publishContactUpdate(quiet.id)));
    // Under load an attempt may time out and be retried: the log then holds more than 26
    // attempts. Wait until each event's delivery is logged delivered, then page through all.
    const logged = await eventually(
      async () => {
        const attempts = await allDeliveryAttempts(quiet.admin.api, webhook.id);
        const delivered = new Set(
          attempts.filter((attempt) => attempt.state === 'delivered').map((attempt) => attempt.event_id),
        );
        expect(delivered.size).toBe(26);
        return attempts.length;
      },
      { timeoutMs: 15_000 },
    );
    expect(logged).toBeGreaterThanOrEqual(26);

    const first = (await quiet.admin.api.get(`/webhooks/${webhook.id}/deliveries`)).body;
    expect(first.meta).toEqual({ count: logged, current_page: 1 });
    expect(first.payload).toHaveLength(25);
    const second = (await quiet.admin.api.get(`/webhooks/${webhook.id}/deliveries?page=2`)).body;
    expect(second.meta).toEqual({ count: logged, current_page: 2 });
    expect(second.payload).toHaveLength(Math.min(25, logged - 25));

    const attempts = [...first.payload, ...second.payload];
    const times = attempts.map((attempt: { attempted_at: string }) => Date.parse(attempt.attempted_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Two pages hold the whole log (26 attempts, plus the odd retry): every event appears in it.
    expect(logged).toBeLessThanOrEqual(50);
    expect([...new Set(attempts.map((attempt: { event_id: string }) => attempt.event_id))].sort()).toEqual(
      events.map((event) => event.id).sort(),
    );
    expect(attempts[0]).toEqual({
      id: expect.any(Number),
      delivery_id: expect.stringMatching(UUID),
      event_id: expect.stringMatching(UUID),
      event: 'contact_updated',
      attempt: 1,
      status_code: 200,
      error: null,
      latency_ms: expect.any(Number),
      attempted_at: expect.any(String),
      next_retry_at: null,
      state: 'delivered',
    });
  });
});
