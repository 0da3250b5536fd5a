import {
  createTestAccount,
  createWebhookEndpoint,
  deliveriesOfEvent,
  deliveryRound,
  eventually,
  publishContactUpdate,
  restartService,
  startReplica,
  stopReplicas,
  waitForDeliveryAttempts,
  type TestAccount,
  type WebhookEndpoint,
} from '@parley/testing';

describe('webhook delivery across dispatcher restarts and replicas', () => {
  let account: TestAccount;

  // An account per test: a webhook of one test never sees the events of the next.
  beforeEach(async () => {
    account = await createTestAccount();
  });

  const subscribe = async (endpoint: WebhookEndpoint) =>
    (await account.admin.api.post('/webhooks', { url: endpoint.url, subscriptions: ['contact_updated'] })).body as {
      id: number;
    };
  const oneRequest = (endpoint: WebhookEndpoint) =>
    eventually(async () => expect(await endpoint.requests()).toHaveLength(1), { timeoutMs: 15_000 });

  it('keeps the schedule through a crash: the remaining attempts happen, none twice', async () => {
    const endpoint = await createWebhookEndpoint({ fail_times: 2 });
    const webhook = await subscribe(endpoint);
    const event = await publishContactUpdate(account.id);

    const [first] = await waitForDeliveryAttempts(account.admin.api, webhook.id, 1);
    expect(first).toMatchObject({ attempt: 1, status_code: 500, state: 'retrying' });
    // Killed between attempts: the next one is due a second after the first.
    await restartService('webhook-dispatcher', { signal: 'SIGKILL' });

    const attempts = await waitForDeliveryAttempts(account.admin.api, webhook.id, 3);
    expect(attempts.map((attempt) => [attempt.attempt, attempt.status_code, attempt.state])).toEqual([
      [1, 500, 'retrying'],
      [2, 500, 'retrying'],
      [3, 200, 'delivered'],
    ]);
    const requests = await endpoint.requests();
    expect(requests.map((request) => request.status)).toEqual([500, 500, 200]);
    expect(requests.every((request) => JSON.parse(request.body).id === event.id)).toBe(true);
    expect(new Set(requests.map((request) => request.headers['x-parley-delivery'])).size).toBe(1);
  });

  it('makes an attempt cut short by a crash again once its lease has run out, not before', async () => {
    // Long enough to kill the dispatcher while the receiver is still answering.
    const settings = { WEBHOOK_TIMEOUT_MS: '5000', WEBHOOK_LEASE_MS: '10000' };
    await restartService('webhook-dispatcher', { env: settings });
    try {
      const endpoint = await createWebhookEndpoint({ delay_ms: 8000 });
      const webhook = await subscribe(endpoint);
      const event = await publishContactUpdate(account.id);
      await oneRequest(endpoint);
      await endpoint.behave({});
      await restartService('webhook-dispatcher', { signal: 'SIGKILL', env: settings });

      // The cut attempt was never recorded: the log shows the one made again, as attempt 1.
      const [attempt] = await waitForDeliveryAttempts(account.admin.api, webhook.id, 1);
      expect(attempt).toMatchObject({ attempt: 1, status_code: 200, state: 'delivered', event_id: event.id });
      const [cut, again] = await endpoint.requests();
      // The 10 s lease began at the claim, a moment before the cut request arrived (a restart alone takes a few seconds).
      expect(again.received_at - cut.received_at).toBeGreaterThanOrEqual(8000);
      expect(JSON.parse(again.body).id).toBe(event.id);
      expect(again.headers['x-parley-delivery']).toBe(cut.headers['x-parley-delivery']);
    } finally {
      await restartService('webhook-dispatcher');
    }
  });

  it('deletes a webhook at once while one of its attempts waits for the receiver', async () => {
    // The contract's 5 s timeout, longer than this run's wait for an RPC answer (RPC_TIMEOUT_MS 3 s).
    await restartService('webhook-dispatcher', { env: { WEBHOOK_TIMEOUT_MS: '5000' } });
    try {
      const endpoint = await createWebhookEndpoint({ delay_ms: 8000 });
      const webhook = await subscribe(endpoint);
      const event = await publishContactUpdate(account.id);
      await oneRequest(endpoint);
      // Nothing holds the delivery's row during the call: the delete does not wait for the receiver.
      expect((await account.admin.api.delete(`/webhooks/${webhook.id}`)).status).toBe(204);
      expect(await deliveriesOfEvent(event.id)).toEqual([]);
    } finally {
      await restartService('webhook-dispatcher');
    }
  });

  it('never sends one delivery from two replicas', async () => {
    await startReplica('webhook-dispatcher');
    try {
      // Every delivery logged delivered once, only after the receiver answered it 2xx, and sent no more often than attempted.
      const round = await deliveryRound(40, 20_000);
      expect(round.problems).toEqual([]);
    } finally {
      await stopReplicas('webhook-dispatcher');
    }
  });

  it('checks the address again at delivery time and refuses one that is no longer acceptable', async () => {
    const endpoint = await createWebhookEndpoint();
    // Created while the test receiver's host is allowed …
    const webhook = await subscribe(endpoint);
    try {
      // … then the dispatcher runs with the production rule: 127.0.0.1 is loopback.
      await restartService('webhook-dispatcher', { env: { WEBHOOK_ALLOWED_HOSTS: '' } });
      await publishContactUpdate(account.id);
      const [refused] = await waitForDeliveryAttempts(account.admin.api, webhook.id, 1);
      expect(refused).toMatchObject({ attempt: 1, status_code: null, state: 'retrying' });
      expect(refused.error).toBe('refused: Url must resolve only to public addresses: 127.0.0.1 is loopback');
      expect(await endpoint.requests()).toEqual([]);
    } finally {
      await account.admin.api.delete(`/webhooks/${webhook.id}`);
      await restartService('webhook-dispatcher');
    }
  });
});
