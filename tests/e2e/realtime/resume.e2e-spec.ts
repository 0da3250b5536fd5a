import {
  CableClient,
  createTestAccount,
  eventually,
  gatewayClient,
  readE2eState,
  startExtraGateway,
  type CableSubscription,
  type ExtraGateway,
  type TestAccount,
} from '@parley/testing';

/**
 * A client whose gateway dies reconnects to another replica and `resume`s from its last
 * `event_id`: every event published meanwhile arrives, in order, once.
 */
describe('realtime resume across gateway replicas', () => {
  const clients: CableClient[] = [];
  let account: TestAccount;
  let replica: ExtraGateway;

  const wsOf = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}/cable`;
  const contents = (watched: CableSubscription) =>
    watched.received.filter((frame) => frame.event === 'message.created').map((frame) => frame.data.content);

  function subscribe(url: string, params: Record<string, unknown>): CableSubscription {
    const client = new CableClient(url);
    clients.push(client);
    return client.room(params);
  }

  beforeAll(async () => {
    account = await createTestAccount();
    replica = await startExtraGateway('gateway-cable-replica');
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await replica.process.stop();
  });

  it('delivers every event missed while the socket was down, once, after a resume on another replica', async () => {
    const inbox = (
      await account.admin.api.post('/inboxes', {
        name: 'Bridge',
        channel: { type: 'api' },
        enable_auto_assignment: false,
      })
    ).body;
    const api = gatewayClient();
    const base = `/public/api/v1/inboxes/${inbox.inbox_identifier}`;
    const contact = (await api.post(`${base}/contacts`, { name: 'Rita' })).body;
    const conversations = `${base}/contacts/${contact.source_id}/conversations`;
    const id = (await api.post(conversations, {})).body.id;
    const profile = (await gatewayClient(account.admin.token).get('/api/v1/profile')).body;
    const agentParams = { pubsub_token: profile.pubsub_token, user_id: account.admin.id, account_id: account.id };

    const onReplica = subscribe(wsOf(replica.url), agentParams);
    // Sees every event on the surviving replica: the missed ones are all in the stream before the resume.
    const watcher = subscribe(wsOf(readE2eState().gatewayUrl), agentParams);
    await eventually(() => expect([onReplica.connects, watcher.connects]).toEqual([1, 1]));
    await account.admin.api.post(`/conversations/${id}/messages`, { content: 'before' });
    await eventually(() => expect(contents(onReplica)).toEqual(['before']));
    const last = onReplica.received.at(-1).event_id as string;

    await replica.process.stop();
    const missed = ['one', 'two', 'three', 'four', 'five'];
    for (const content of missed) await account.admin.api.post(`/conversations/${id}/messages`, { content });
    await api.post(`${conversations}/${id}/messages`, { content: 'from the contact' });
    await eventually(() => expect(contents(watcher)).toEqual(['before', ...missed, 'from the contact']));

    const onMain = subscribe(wsOf(readE2eState().gatewayUrl), agentParams);
    await eventually(() => expect(onMain.connects).toBe(1));
    onMain.perform('resume', { since: last });
    await eventually(() => expect(contents(onMain)).toEqual([...missed, 'from the contact']));
    const ids = onMain.received.map((frame) => frame.event_id);
    expect(new Set(ids).size).toBe(ids.length);
    // `<sequence>`, `<sequence>-<index>` in a batch (a message's agent and contact frames), `.<n>` after a frame not stored.
    const positions = ids.map((id) => {
      const parts = /^(\d+)(?:-(\d+))?(?:\.(\d+))?$/.exec(id);
      expect(parts).not.toBeNull();
      return parts!.slice(1).map((part) => Number(part ?? 0));
    });
    const inOrder = [...positions].sort(([a, i, n], [b, j, m]) => a - b || i - j || n - m);
    expect(positions).toEqual(inOrder);

    // A `since` the stream does not hold asks for a refetch.
    const lost = subscribe(wsOf(readE2eState().gatewayUrl), agentParams);
    await eventually(() => expect(lost.connects).toBe(1));
    lost.perform('resume', { since: 'no-such-event' });
    await eventually(() => expect(lost.received.map((frame) => frame.event)).toContain('resync_required'));
  });
});
