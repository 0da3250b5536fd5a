import { createTestAccount, createWebhookEndpoint, publishContactUpdate, restartService, waitForDeliveryAttempts, type TestAccount } from '@parley/testing';

describe('webhook delivery across dispatcher restarts', () => {
  let account: TestAccount;

  // An account per test: a webhook of one test never sees the events of the next.
  beforeEach(async () => {
    account = await createTestAccount();
  });

  it('keeps the schedule through a crash: the remaining attempts happen, none twice', async () => {
    const endpoint = await createWebhookEndpoint({ fail_times: 2 });
    const webhook = (await account.admin.api.post('/webhooks', { url: endpoint.url, subscriptions: ['contact_updated'] })).body;
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

  it('checks the address again at delivery time and refuses one that is no longer acceptable', async () => {
    const endpoint = await createWebhookEndpoint();
    // Created while the test receiver's host is allowed …
    const webhook = (await account.admin.api.post('/webhooks', { url: endpoint.url, subscriptions: ['contact_updated'] })).body;
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
