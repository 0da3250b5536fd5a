import {
  CableClient,
  createTestAccount,
  eventually,
  gatewayClient,
  readE2eState,
  type CableSubscription,
  type TestAccount,
  type TestUser,
} from '@parley/testing';

/**
 * `/cable` through the gateway, driven by the reference's own client (`@rails/actioncable` in
 * Node over `ws`): agents and contacts subscribe to RoomChannel with their tokens and receive
 * what messaging says they may see.
 */
describe('realtime /cable', () => {
  const clients: CableClient[] = [];
  const api = gatewayClient();
  let account: TestAccount;
  let member: TestUser;
  let outsider: TestUser;
  let inbox: { id: number; inbox_identifier: string };

  const cableUrl = () => `${readE2eState().gatewayUrl.replace(/^http/, 'ws')}/cable`;

  function subscribe(params: Record<string, unknown>): CableSubscription {
    const client = new CableClient(cableUrl());
    clients.push(client);
    return client.room(params);
  }

  async function agentSubscription(user: TestUser): Promise<CableSubscription> {
    const profile = (await gatewayClient(user.token).get('/api/v1/profile')).body;
    expect(profile.pubsub_token).toEqual(expect.any(String));
    const watched = subscribe({ pubsub_token: profile.pubsub_token, user_id: user.id, account_id: account.id });
    await eventually(() => expect(watched.connects).toBe(1));
    return watched;
  }

  const events = (watched: CableSubscription, name: string) =>
    watched.received.filter((frame) => frame.event === name).map((frame) => frame.data);

  beforeAll(async () => {
    account = await createTestAccount();
    member = await account.addUser('agent');
    outsider = await account.addUser('agent');
    inbox = (
      await account.admin.api.post('/inboxes', {
        name: 'Bridge',
        channel: { type: 'api' },
        enable_auto_assignment: false,
      })
    ).body;
    await account.admin.api.post('/inbox_members', { inbox_id: inbox.id, user_ids: [member.id] });
  });

  afterAll(() => {
    for (const client of clients) client.close();
  });

  it('rejects a wrong token, a token with another user id, and an agent of another account', async () => {
    const wrong = subscribe({ pubsub_token: 'nope' });
    await eventually(() => expect(wrong.rejected).toBe(true));
    const profile = (await gatewayClient(member.token).get('/api/v1/profile')).body;
    const otherUser = subscribe({ pubsub_token: profile.pubsub_token, user_id: outsider.id, account_id: account.id });
    await eventually(() => expect(otherUser.rejected).toBe(true));
    const otherAccount = subscribe({
      pubsub_token: profile.pubsub_token,
      user_id: member.id,
      account_id: account.id + 1000,
    });
    await eventually(() => expect(otherAccount.rejected).toBe(true));
  });

  it('delivers messages both ways: the member and administrators see all, the contact never a note, an outsider nothing', async () => {
    const [admin, agent, stranger] = [
      await agentSubscription(account.admin),
      await agentSubscription(member),
      await agentSubscription(outsider),
    ];
    const base = `/public/api/v1/inboxes/${inbox.inbox_identifier}`;
    const contact = (await api.post(`${base}/contacts`, { name: 'Carmen' })).body;
    const visitor = subscribe({ pubsub_token: contact.pubsub_token });
    const secondTab = subscribe({ pubsub_token: contact.pubsub_token });
    await eventually(() => expect([visitor.connects, secondTab.connects]).toEqual([1, 1]));

    const conversations = `${base}/contacts/${contact.source_id}/conversations`;
    const id = (await api.post(conversations, {})).body.id;
    const written = (
      await api.post(`${conversations}/${id}/messages`, { content: 'Hello from the site', echo_id: 'x1' })
    ).body;
    await eventually(() => {
      for (const watched of [admin, agent])
        expect(events(watched, 'message.created')).toContainEqual(
          expect.objectContaining({ id: written.id, content: 'Hello from the site', account_id: account.id }),
        );
      expect(events(visitor, 'message.created')).toContainEqual(
        expect.objectContaining({ id: written.id, echo_id: 'x1', message_type: 0 }),
      );
      expect(events(agent, 'conversation.created')).toContainEqual(expect.objectContaining({ id }));
    });
    // What the agent receives is what the REST API shows.
    const shown = (
      await gatewayClient(member.token).get(`/api/v1/accounts/${account.id}/conversations/${id}/messages`)
    ).body.payload.find((message: { id: number }) => message.id === written.id);
    const frame = events(agent, 'message.created').find((data) => data.id === written.id);
    expect({ ...frame, account_id: undefined }).toEqual({ ...shown, account_id: undefined });

    await member.api.post(`/conversations/${id}/messages`, { content: 'Hi Carmen' });
    await member.api.post(`/conversations/${id}/messages`, { content: 'internal note', private: true });
    await eventually(() => {
      for (const watched of [visitor, secondTab])
        expect(events(watched, 'message.created').map((data) => data.content)).toContain('Hi Carmen');
      expect(events(agent, 'message.created').map((data) => data.content)).toContain('internal note');
    });
    await member.api.post(`/conversations/${id}/messages`, { content: 'after the note' });
    await eventually(() =>
      expect(events(visitor, 'message.created').map((data) => data.content)).toContain('after the note'),
    );
    expect(events(visitor, 'message.created').map((data) => data.content)).not.toContain('internal note');
    expect(stranger.received.filter((frame) => frame.data?.conversation_id === id || frame.data?.id === id)).toEqual(
      [],
    );
    for (const frame of [...agent.received, ...visitor.received]) expect(frame.event_id).toEqual(expect.any(String));
  });

  it('carries typing both ways, never back to the typer', async () => {
    const agent = await agentSubscription(member);
    const base = `/public/api/v1/inboxes/${inbox.inbox_identifier}`;
    const contact = (await api.post(`${base}/contacts`, { name: 'Tess' })).body;
    const visitor = subscribe({ pubsub_token: contact.pubsub_token });
    await eventually(() => expect(visitor.connects).toBe(1));
    const conversations = `${base}/contacts/${contact.source_id}/conversations`;
    const id = (await api.post(conversations, {})).body.id;
    await api.post(`${conversations}/${id}/toggle_typing`, { typing_status: 'on' });
    await eventually(() =>
      expect(events(agent, 'conversation.typing_on')).toContainEqual(
        expect.objectContaining({ user: expect.objectContaining({ id: contact.id, type: 'contact' }) }),
      ),
    );
    await member.api.post(`/conversations/${id}/toggle_typing_status`, { typing_status: 'on' });
    await eventually(() =>
      expect(events(visitor, 'conversation.typing_on')).toContainEqual(
        expect.objectContaining({ user: expect.objectContaining({ id: member.id, type: 'user' }) }),
      ),
    );
    expect(events(visitor, 'conversation.typing_on').filter((data) => data.user.type === 'contact')).toEqual([]);
    expect(events(agent, 'conversation.typing_on').filter((data) => data.user.type === 'user')).toEqual([]);
  });
});
