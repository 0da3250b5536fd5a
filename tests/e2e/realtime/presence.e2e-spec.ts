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
  type TestUser,
} from '@parley/testing';

/**
 * Presence over `/cable`: a connected agent (auto_offline) stays online — the availability
 * auto-assignment reads — and goes offline when its last socket on every gateway replica is
 * gone; an agent without a socket keeps what it set through the API; a contact is online while
 * its socket is connected; subscribers get `presence.update`.
 */
describe('realtime presence', () => {
  const api = gatewayClient();
  let account: TestAccount;
  let replica: ExtraGateway;
  let inbox: { id: number; inbox_identifier: string };

  const wsOf = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}/cable`;

  function connect(url: string, params: Record<string, unknown>): { client: CableClient; room: CableSubscription } {
    const client = new CableClient(url);
    return { client, room: client.room(params) };
  }

  async function agentSocket(user: TestUser, url = wsOf(readE2eState().gatewayUrl)) {
    const profile = (await gatewayClient(user.token).get('/api/v1/profile')).body;
    const socket = connect(url, { pubsub_token: profile.pubsub_token, user_id: user.id, account_id: account.id });
    await eventually(() => expect(socket.room.connects).toBe(1));
    return socket;
  }

  const presenceUpdates = (room: CableSubscription) =>
    room.received.filter((frame) => frame.event === 'presence.update').map((frame) => frame.data);

  async function availabilityOf(user: TestUser): Promise<string> {
    const agents = (await account.admin.api.get('/agents')).body as Array<{ id: number; availability_status: string }>;
    return agents.find((agent) => agent.id === user.id)!.availability_status;
  }

  const setAvailability = (user: TestUser, availability: string) =>
    gatewayClient(user.token).patch('/api/v1/profile', { availability, account_id: account.id });

  /** A contact of the inbox opens a conversation; answers whom it was assigned to. */
  async function conversationAssignee(): Promise<number | null> {
    const base = `/public/api/v1/inboxes/${inbox.inbox_identifier}`;
    const contact = (await api.post(`${base}/contacts`, { name: 'Visitor' })).body;
    const id = (await api.post(`${base}/contacts/${contact.source_id}/conversations`, {})).body.id;
    const shown = (await account.admin.api.get(`/conversations/${id}`)).body;
    return shown.meta.assignee?.id ?? null;
  }

  beforeAll(async () => {
    account = await createTestAccount();
    replica = await startExtraGateway('gateway-presence-replica');
    inbox = (
      await account.admin.api.post('/inboxes', {
        name: 'Site',
        channel: { type: 'api' },
        enable_auto_assignment: true,
      })
    ).body;
  });

  afterAll(async () => {
    await replica.process.stop();
  });

  it('keeps a connected agent online, offline once its sockets on every replica are gone, online again when it returns', async () => {
    const agent = await account.addUser('agent');
    await account.admin.api.post('/inbox_members', { inbox_id: inbox.id, user_ids: [agent.id] });
    expect((await setAvailability(agent, 'online')).status).toBe(200);

    const here = await agentSocket(agent);
    await eventually(() =>
      expect(presenceUpdates(here.room)).toContainEqual(
        expect.objectContaining({ account_id: account.id, users: expect.objectContaining({ [agent.id]: 'online' }) }),
      ),
    );
    const there = await agentSocket(agent, wsOf(replica.url));
    expect(await conversationAssignee()).toBe(agent.id);

    // One replica's sockets closing leaves the agent connected through the other.
    here.client.close();
    there.room.perform('update_presence');
    await eventually(() => expect(presenceUpdates(there.room).length).toBeGreaterThanOrEqual(2));
    expect(await availabilityOf(agent)).toBe('online');

    there.client.close();
    await eventually(async () => expect(await availabilityOf(agent)).toBe('offline'));
    // Auto-assignment reads it: nobody online in the inbox.
    expect(await conversationAssignee()).toBeNull();

    const back = await agentSocket(agent);
    await eventually(async () => expect(await availabilityOf(agent)).toBe('online'));
    expect(await conversationAssignee()).toBe(agent.id);
    back.client.close();
    await eventually(async () => expect(await availabilityOf(agent)).toBe('offline'));
  });

  it('ends the presence a replica held when it dies without a word, once the window has passed', async () => {
    const agent = await account.addUser('agent');
    expect((await setAvailability(agent, 'online')).status).toBe(200);
    const doomed = await startExtraGateway('gateway-presence-doomed');
    const socket = await agentSocket(agent, wsOf(doomed.url));
    await eventually(() => expect(presenceUpdates(socket.room)).toHaveLength(1));
    await doomed.process.stop('SIGKILL');
    socket.client.close();
    // Nobody said it left: the agent counts as connected until AGENT_PRESENCE_SECONDS (30 s) pass.
    expect(await availabilityOf(agent)).toBe('online');
    await eventually(async () => expect(await availabilityOf(agent)).toBe('offline'), { timeoutMs: 45_000 });
  });

  it('leaves an agent without a socket the availability it set through the API, and one that chose busy busy', async () => {
    const apiOnly = await account.addUser('agent');
    expect((await setAvailability(apiOnly, 'online')).status).toBe(200);
    const busy = await account.addUser('agent');
    expect((await setAvailability(busy, 'busy')).status).toBe(200);
    const socket = await agentSocket(busy);
    await eventually(() =>
      expect(presenceUpdates(socket.room)).toContainEqual(
        expect.objectContaining({ users: expect.objectContaining({ [busy.id]: 'busy', [apiOnly.id]: 'online' }) }),
      ),
    );
    socket.client.close();
    await eventually(async () => expect(await availabilityOf(busy)).toBe('offline'));
    // Chosen again through the API while away: that is what stands, not what its return would restore.
    expect((await setAvailability(busy, 'offline')).status).toBe(200);
    const again = await agentSocket(busy);
    await eventually(() => expect(presenceUpdates(again.room).length).toBeGreaterThanOrEqual(1));
    expect(await availabilityOf(busy)).toBe('offline');
    again.client.close();
    expect(await availabilityOf(apiOnly)).toBe('online');
  });

  it('shows a contact online while its socket is connected, to agents in presence.update and on the contact', async () => {
    const base = `/public/api/v1/inboxes/${inbox.inbox_identifier}`;
    const contact = (await api.post(`${base}/contacts`, { name: 'Connie' })).body;
    const shownStatus = async () =>
      (await account.admin.api.get(`/contacts/${contact.id}`)).body.payload.availability_status;
    expect(await shownStatus()).toBe('offline');

    const visitor = connect(wsOf(replica.url), { pubsub_token: contact.pubsub_token });
    await eventually(() => expect(visitor.room.connects).toBe(1));
    await eventually(async () => expect(await shownStatus()).toBe('online'));
    // A contact learns the agents' availability, never other contacts'.
    await eventually(() => expect(presenceUpdates(visitor.room)).toHaveLength(1));
    expect(presenceUpdates(visitor.room)[0]).toEqual({
      account_id: account.id,
      users: expect.objectContaining({ [account.admin.id]: expect.any(String) }),
    });

    const watcher = await agentSocket(account.admin);
    await eventually(() =>
      expect(presenceUpdates(watcher.room)).toContainEqual(
        expect.objectContaining({ contacts: expect.objectContaining({ [contact.id]: 'online' }) }),
      ),
    );
    visitor.client.close();
    await eventually(async () => expect(await shownStatus()).toBe('offline'));
    watcher.room.perform('update_presence');
    await eventually(() => expect(presenceUpdates(watcher.room).length).toBeGreaterThanOrEqual(2));
    expect(presenceUpdates(watcher.room).at(-1).contacts).toEqual({});
    watcher.client.close();
  });
});
