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
 * Each realtime event kind of decisions.md "Realtime" reaches whom the reference sends it to:
 * conversation events the inbox's members and administrators (the contact only its CT set),
 * contact events every agent of the account (never a contact), nothing of an inbox to an agent
 * outside it.
 */
describe('realtime event kinds', () => {
  const clients: CableClient[] = [];
  const api = gatewayClient();
  let account: TestAccount;
  let member: TestUser;
  let outsider: TestUser;
  let inbox: { id: number; inbox_identifier: string };
  let agent: CableSubscription;
  let stranger: CableSubscription;

  const cableUrl = () => `${readE2eState().gatewayUrl.replace(/^http/, 'ws')}/cable`;

  async function subscribe(params: Record<string, unknown>): Promise<CableSubscription> {
    const client = new CableClient(cableUrl());
    clients.push(client);
    const room = client.room(params);
    await eventually(() => expect(room.connects).toBe(1));
    return room;
  }

  async function agentSubscription(user: TestUser): Promise<CableSubscription> {
    const profile = (await gatewayClient(user.token).get('/api/v1/profile')).body;
    return subscribe({ pubsub_token: profile.pubsub_token, user_id: user.id, account_id: account.id });
  }

  const events = (room: CableSubscription, name: string) =>
    room.received.filter((frame) => frame.event === name).map((frame) => frame.data);
  const names = (room: CableSubscription) => room.received.map((frame) => frame.event);

  /** A contact of the inbox with its socket and a conversation. */
  async function visitorWithConversation(name: string) {
    const base = `/public/api/v1/inboxes/${inbox.inbox_identifier}`;
    const contact = (await api.post(`${base}/contacts`, { name })).body;
    const visitor = await subscribe({ pubsub_token: contact.pubsub_token });
    const path = `${base}/contacts/${contact.source_id}/conversations`;
    const id = (await api.post(path, {})).body.id as number;
    await eventually(() =>
      expect(events(agent, 'conversation.created')).toContainEqual(expect.objectContaining({ id })),
    );
    return { contact, visitor, id, path: `${path}/${id}` };
  }

  beforeAll(async () => {
    account = await createTestAccount();
    member = await account.addUser('agent');
    outsider = await account.addUser('agent');
    inbox = (
      await account.admin.api.post('/inboxes', {
        name: 'Kinds',
        channel: { type: 'api' },
        enable_auto_assignment: false,
      })
    ).body;
    await account.admin.api.post('/inbox_members', { inbox_id: inbox.id, user_ids: [member.id] });
    agent = await agentSubscription(member);
    stranger = await agentSubscription(outsider);
  });

  afterAll(() => {
    for (const client of clients) client.close();
  });

  it('sends first.reply.created once, for the first agent reply, to agents only', async () => {
    const { visitor, id } = await visitorWithConversation('First');
    const first = (await member.api.post(`/conversations/${id}/messages`, { content: 'first answer' })).body;
    await member.api.post(`/conversations/${id}/messages`, { content: 'second answer' });
    await eventually(() =>
      expect(events(visitor, 'message.created').map((data) => data.content)).toContain('second answer'),
    );
    await eventually(() =>
      expect(events(agent, 'first.reply.created').filter((data) => data.conversation_id === id)).toEqual([
        expect.objectContaining({ id: first.id, content: 'first answer', account_id: account.id }),
      ]),
    );
    expect(names(visitor)).not.toContain('first.reply.created');
  });

  it('sends conversation.read when the contact reads, to agents only', async () => {
    const { visitor, id, path } = await visitorWithConversation('Reader');
    expect((await api.post(`${path}/update_last_seen`, {})).status).toBe(204);
    await eventually(() =>
      expect(events(agent, 'conversation.read')).toContainEqual(
        expect.objectContaining({ id, contact_last_seen_at: expect.any(Number), account_id: account.id }),
      ),
    );
    expect(names(visitor)).not.toContain('conversation.read');
  });

  it('sends assignee.changed and team.changed to agents, conversation.updated and status_changed to the contact too', async () => {
    const { visitor, id } = await visitorWithConversation('Moves');
    const team = (await account.admin.api.post('/teams', { name: `Team ${id}` })).body;
    await account.admin.api.post(`/conversations/${id}/assignments`, { assignee_id: member.id });
    await account.admin.api.post(`/conversations/${id}/assignments`, { team_id: team.id });
    await account.admin.api.post(`/conversations/${id}/toggle_status`, { status: 'resolved' });
    await eventually(() => {
      expect(events(agent, 'assignee.changed')).toContainEqual(
        expect.objectContaining({
          id,
          meta: expect.objectContaining({ assignee: expect.objectContaining({ id: member.id }) }),
        }),
      );
      expect(events(agent, 'team.changed')).toContainEqual(
        expect.objectContaining({
          id,
          meta: expect.objectContaining({ team: expect.objectContaining({ id: team.id }) }),
        }),
      );
      expect(events(agent, 'conversation.status_changed')).toContainEqual(
        expect.objectContaining({ id, status: 'resolved' }),
      );
      expect(events(agent, 'conversation.updated')).toContainEqual(expect.objectContaining({ id }));
      expect(events(visitor, 'conversation.status_changed')).toContainEqual(
        expect.objectContaining({ id, status: 'resolved' }),
      );
      expect(events(visitor, 'conversation.updated')).toContainEqual(expect.objectContaining({ id }));
    });
    expect(names(visitor)).not.toContain('assignee.changed');
    expect(names(visitor)).not.toContain('team.changed');
    // An agent outside the inbox learns nothing of its conversations.
    const ofConversations = stranger.received.filter((frame) =>
      /^(conversation|message|assignee|team)\./.test(frame.event),
    );
    expect(ofConversations).toEqual([]);
  });

  it('sends conversation.contact_changed when its contact is merged into another, to agents only', async () => {
    const { contact, visitor, id } = await visitorWithConversation('Twin');
    const base = (await account.admin.api.post('/contacts', { inbox_id: inbox.id, name: 'Original' })).body.payload
      .contact;
    await account.admin.api.post('/actions/contact_merge', { base_contact_id: base.id, mergee_contact_id: contact.id });
    await eventually(() =>
      expect(events(agent, 'conversation.contact_changed')).toContainEqual(
        expect.objectContaining({
          id,
          meta: expect.objectContaining({ sender: expect.objectContaining({ id: base.id }) }),
          account_id: account.id,
        }),
      ),
    );
    expect(names(visitor)).not.toContain('conversation.contact_changed');
    expect(names(stranger)).not.toContain('conversation.contact_changed');
  });

  it('sends contact.created, updated, merged and deleted to every agent of the account, never to a contact', async () => {
    const { visitor } = await visitorWithConversation('Watcher');
    const created = (
      await account.admin.api.post('/contacts', {
        inbox_id: inbox.id,
        name: 'Dora',
        email: `dora-${Date.now()}@example.com`,
      })
    ).body.payload.contact;
    await account.admin.api.patch(`/contacts/${created.id}`, { name: 'Dora B' });
    const mergee = (await account.admin.api.post('/contacts', { inbox_id: inbox.id, name: 'Dora twin' })).body.payload
      .contact;
    await account.admin.api.post('/actions/contact_merge', {
      base_contact_id: created.id,
      mergee_contact_id: mergee.id,
    });
    await account.admin.api.delete(`/contacts/${created.id}`);
    for (const room of [agent, stranger])
      await eventually(() => {
        expect(events(room, 'contact.created')).toContainEqual(
          expect.objectContaining({ id: created.id, name: 'Dora', type: 'contact', account_id: account.id }),
        );
        expect(events(room, 'contact.updated')).toContainEqual(
          expect.objectContaining({ id: created.id, name: 'Dora B' }),
        );
        expect(events(room, 'contact.merged')).toContainEqual(
          expect.objectContaining({ id: created.id, mergee_id: mergee.id }),
        );
        expect(events(room, 'contact.deleted')).toContainEqual(expect.objectContaining({ id: created.id }));
      });
    expect(names(visitor).filter((name) => name.startsWith('contact.'))).toEqual([]);
  });
});
