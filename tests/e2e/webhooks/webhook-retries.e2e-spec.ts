import {
  createTestAccount,
  createWebhookEndpoint,
  deliveriesOfEvent,
  eventually,
  publishContactUpdate,
  waitForDeliveryAttempts,
  type TestAccount,
  type WebhookEndpoint,
} from '@parley/testing';

/** The run's schedule (global setup): retries 1 s, 2 s and 3 s after the previous attempt; 1 s timeout. */
const SCHEDULE_MS = [1000, 2000, 3000];

describe('webhook retries', () => {
  let account: TestAccount;

  // An account per test: a webhook of one test never sees the events of the next.
  beforeEach(async () => {
    account = await createTestAccount();
  });

  const subscribe = async (endpoint: WebhookEndpoint) =>
    (await account.admin.api.post('/webhooks', { url: endpoint.url, subscriptions: ['contact_updated'] })).body as {
      id: number;
    };
  const contactUpdated = () => publishContactUpdate(account.id);

  it('retries on the schedule with the same event id, and discards after three failed retries; each webhook on its own', async () => {
    const recovering = await createWebhookEndpoint({ fail_times: 3 });
    const broken = await createWebhookEndpoint({ fail_times: 100, fail_status: 503 });
    const recoveringHook = await subscribe(recovering);
    const brokenHook = await subscribe(broken);
    const event = await contactUpdated();

    const recovered = await waitForDeliveryAttempts(account.admin.api, recoveringHook.id, 4);
    expect(recovered.map((attempt) => [attempt.attempt, attempt.status_code, attempt.state])).toEqual([
      [1, 500, 'retrying'],
      [2, 500, 'retrying'],
      [3, 500, 'retrying'],
      [4, 200, 'delivered'],
    ]);
    expect(
      recovered.every((attempt) => attempt.event_id === event.id && attempt.delivery_id === recovered[0].delivery_id),
    ).toBe(true);
    expect(recovered[3].next_retry_at).toBeNull();
    for (const [index, wait] of SCHEDULE_MS.entries()) {
      const retryAt = Date.parse(recovered[index].next_retry_at!);
      const attemptedAt = Date.parse(recovered[index].attempted_at);
      expect(retryAt - attemptedAt).toBeGreaterThanOrEqual(wait);
      expect(Date.parse(recovered[index + 1].attempted_at)).toBeGreaterThanOrEqual(retryAt - 5);
    }

    const requests = await recovering.requests();
    expect(requests.map((request) => request.status)).toEqual([500, 500, 500, 200]);
    expect(new Set(requests.map((request) => JSON.parse(request.body).id))).toEqual(new Set([event.id]));
    expect(new Set(requests.map((request) => request.headers['x-parley-delivery'])).size).toBe(1);
    for (const [index, wait] of SCHEDULE_MS.entries()) {
      expect(requests[index + 1].received_at - requests[index].received_at).toBeGreaterThanOrEqual(wait - 50);
    }

    const gaveUp = await waitForDeliveryAttempts(account.admin.api, brokenHook.id, 4);
    expect(gaveUp.map((attempt) => [attempt.attempt, attempt.status_code, attempt.state])).toEqual([
      [1, 503, 'retrying'],
      [2, 503, 'retrying'],
      [3, 503, 'retrying'],
      [4, 503, 'discarded'],
    ]);
    expect(gaveUp[3].next_retry_at).toBeNull();
    const deliveries = await deliveriesOfEvent(event.id);
    expect(deliveries.find((delivery) => delivery.webhook_id === brokenHook.id)).toMatchObject({
      state: 'discarded',
      attempts: 4,
    });
    expect(await broken.requests()).toHaveLength(4);
  });

  it('counts a redirect as a failure and does not follow it', async () => {
    const endpoint = await createWebhookEndpoint({ fail_times: 1, fail_status: 302 });
    const webhook = await subscribe(endpoint);
    await contactUpdated();
    const [redirected, retried] = await waitForDeliveryAttempts(account.admin.api, webhook.id, 2);
    expect(redirected).toMatchObject({
      attempt: 1,
      status_code: 302,
      state: 'retrying',
      error: expect.stringContaining('not followed'),
    });
    expect(retried).toMatchObject({ attempt: 2, status_code: 200, state: 'delivered' });
    expect(await endpoint.requests()).toHaveLength(2);
  });

  it('sends again at once on a new connection when the receiver closes a kept-alive one under the request', async () => {
    const endpoint = await createWebhookEndpoint({ close_reused: true });
    const webhook = await subscribe(endpoint);
    // One event at a time, well within the 4 s a connection is kept idle, until one is sent on a
    // kept-alive connection (the dispatcher's pool may open a new one while others are busy).
    let closedUnder: string | undefined;
    let sent = 0;
    while (!closedUnder && sent < 10) {
      const event = await contactUpdated();
      await waitForDeliveryAttempts(account.admin.api, webhook.id, ++sent);
      const requests = await endpoint.requests();
      if (requests.some((request) => request.reused && JSON.parse(request.body).id === event.id))
        closedUnder = event.id;
    }
    expect(closedUnder).toBeDefined();
    // Every delivery succeeded in its first attempt: the closed connection cost none of them one.
    const attempts = await waitForDeliveryAttempts(account.admin.api, webhook.id, sent);
    expect(new Set(attempts.map((attempt) => `${attempt.attempt} ${attempt.status_code} ${attempt.state}`))).toEqual(
      new Set(['1 200 delivered']),
    );
    const ofIt = (await endpoint.requests()).filter((request) => JSON.parse(request.body).id === closedUnder);
    expect(ofIt.map((request) => [request.reused, request.answered])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(new Set(ofIt.map((request) => request.headers['x-parley-delivery'])).size).toBe(1);
  });

  it('gives up on an attempt the receiver does not answer in time', async () => {
    const endpoint = await createWebhookEndpoint({ delay_ms: 3000 });
    const webhook = await subscribe(endpoint);
    await contactUpdated();
    await eventually(async () => expect(await endpoint.requests()).toHaveLength(1));
    await endpoint.behave({});
    const [slow, fast] = await waitForDeliveryAttempts(account.admin.api, webhook.id, 2);
    expect(slow).toMatchObject({ attempt: 1, status_code: null, state: 'retrying', error: 'no answer within 1000 ms' });
    expect(slow.latency_ms).toBeGreaterThanOrEqual(950);
    expect(fast).toMatchObject({ attempt: 2, status_code: 200, state: 'delivered' });
  });

  it("sends a retry to the webhook's URL as it is when it is retried", async () => {
    const broken = await createWebhookEndpoint({ fail_times: 100 });
    const mended = await createWebhookEndpoint();
    const webhook = await subscribe(broken);
    const event = await contactUpdated();
    await waitForDeliveryAttempts(account.admin.api, webhook.id, 1);
    expect((await account.admin.api.put(`/webhooks/${webhook.id}`, { url: mended.url })).status).toBe(200);

    const [first, retry] = await waitForDeliveryAttempts(account.admin.api, webhook.id, 2);
    expect([first.state, retry.state]).toEqual(['retrying', 'delivered']);
    const [request] = await mended.requests();
    expect(JSON.parse(request.body).id).toBe(event.id);
    expect(await broken.requests()).toHaveLength(1);
  });

  it('stops retrying once the webhook is deleted', async () => {
    const endpoint = await createWebhookEndpoint({ fail_times: 100 });
    const webhook = await subscribe(endpoint);
    const event = await contactUpdated();
    await waitForDeliveryAttempts(account.admin.api, webhook.id, 1);
    expect((await account.admin.api.delete(`/webhooks/${webhook.id}`)).status).toBe(204);
    // The pending delivery went with the webhook: no row is left to retry.
    expect((await deliveriesOfEvent(event.id)).filter((delivery) => delivery.webhook_id === webhook.id)).toEqual([]);
  });
});
