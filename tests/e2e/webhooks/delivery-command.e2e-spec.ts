import { DeliveryPatterns } from '@parley/contracts';
import { loadServiceConfig, RpcClient, RpcCallError } from '@parley/service-kit';
import {
  createTestAccount,
  createWebhookEndpoint,
  eventually,
  readE2eState,
  verifyParleySignature,
} from '@parley/testing';

describe('delivery command (for other services)', () => {
  let rpc: RpcClient;

  beforeAll(() => {
    const { natsUrl, namespace } = readE2eState();
    rpc = new RpcClient(
      loadServiceConfig('kanban', {
        NATS_URL: natsUrl,
        NATS_NAMESPACE: namespace,
        DATABASE_URL: readE2eState().databaseUrl,
      }),
    );
  });

  afterAll(() => rpc.onApplicationShutdown());

  it('queues a signed delivery to the URL it is given', async () => {
    const account = await createTestAccount();
    const endpoint = await createWebhookEndpoint({ fail_times: 1 });
    const payload = { id: 'card-event-1', event: 'kanban.item.created', data: { id: 5, title: 'Deal' } };
    const { delivery_id } = await rpc.send(DeliveryPatterns.enqueue, {
      account_id: account.id,
      url: endpoint.url,
      secret: 'kanban-secret',
      event: 'kanban.item.created',
      payload,
    });
    expect(delivery_id).toMatch(/^[0-9a-f-]{36}$/);

    const requests = await eventually(
      async () => {
        const received = await endpoint.requests();
        expect(received.map((request) => request.status)).toEqual([500, 200]);
        return received;
      },
      { timeoutMs: 15_000 },
    );
    for (const request of requests) {
      expect(request.body).toBe(JSON.stringify(payload));
      expect(request.headers['x-parley-event']).toBe('kanban.item.created');
      expect(request.headers['x-parley-delivery']).toBe(delivery_id);
      expect(verifyParleySignature('kanban-secret', request)).toBe(true);
    }
  });

  it('queues one delivery per event and URL, however often it is asked for', async () => {
    const account = await createTestAccount();
    const endpoint = await createWebhookEndpoint();
    const request = {
      account_id: account.id,
      url: endpoint.url,
      secret: 's',
      event: 'kanban.item.updated',
      payload: { id: `twice-${account.id}`, data: {} },
    };
    const first = await rpc.send(DeliveryPatterns.enqueue, request);
    const again = await rpc.send(DeliveryPatterns.enqueue, request);
    expect(again.delivery_id).toBe(first.delivery_id);
    await eventually(async () =>
      expect(
        (await rpc.send(DeliveryPatterns.attempts, { account_id: account.id, delivery_id: first.delivery_id })).length,
      ).toBeGreaterThan(0),
    );
    expect((await endpoint.requests()).map((received) => received.headers['x-parley-delivery'])).toEqual([
      first.delivery_id,
    ]);
  });

  it("answers a queued delivery's attempts, to its own account only", async () => {
    const account = await createTestAccount();
    const endpoint = await createWebhookEndpoint({ fail_times: 1 });
    const { delivery_id } = await rpc.send(DeliveryPatterns.enqueue, {
      account_id: account.id,
      url: endpoint.url,
      secret: 's',
      event: 'kanban.item.updated',
      payload: { id: 'attempts-1' },
    });
    const attempts = await eventually(
      async () => {
        const found = await rpc.send(DeliveryPatterns.attempts, { account_id: account.id, delivery_id });
        expect(found.map((attempt) => [attempt.attempt, attempt.state, attempt.status_code])).toEqual([
          [1, 'retrying', 500],
          [2, 'delivered', 200],
        ]);
        return found;
      },
      { timeoutMs: 15_000 },
    );
    expect(attempts[0]).toMatchObject({ delivery_id, event: 'kanban.item.updated', event_id: 'attempts-1' });
    expect(await rpc.send(DeliveryPatterns.attempts, { account_id: account.id + 1, delivery_id })).toEqual([]);
    expect(await rpc.send(DeliveryPatterns.attempts, { account_id: account.id, delivery_id: 'not-a-uuid' })).toEqual(
      [],
    );
  });

  it.each([
    [{ url: 'https://10.0.0.5/hook' }, 'url', 'URL.NOT_PUBLIC_HTTPS'],
    [{ url: 'http://hooks.example.com/' }, 'url', 'URL.NOT_PUBLIC_HTTPS'],
    [{ secret: '' }, 'secret', 'DELIVERY.SECRET_BLANK'],
    [{ event: 'bad event name' }, 'event', 'DELIVERY.INVALID_EVENT_NAME'],
  ])('refuses %j with a rule failure naming the field', async (change, field, code) => {
    const endpoint = await createWebhookEndpoint();
    const request = {
      account_id: 1,
      url: endpoint.url,
      secret: 's',
      event: 'kanban.item.updated',
      payload: { id: 'x' },
      ...change,
    };
    const failure = await rpc.send(DeliveryPatterns.enqueue, request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RpcCallError);
    expect((failure as RpcCallError).payload).toMatchObject({ code, attributes: [field] });
  });
});
