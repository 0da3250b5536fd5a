import { ConversationEvents } from '@parley/contracts';
import {
  createTestAccount,
  eventually,
  gatewayClient,
  publishedEvents,
  readE2eState,
  seedContact,
  startReplica,
  stopReplicas,
  type TestAccount,
  type TestUser,
} from '@parley/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('assignment', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
  });

  async function inbox(options: Record<string, unknown> = {}, members: TestUser[] = []) {
    const id = (
      await account.admin.api.post('/inboxes', { name: `inbox ${Math.random()}`, channel: { type: 'api' }, ...options })
    ).body.id as number;
    if (members.length)
      await account.admin.api.post(`/inboxes/${id}/inbox_members`, { user_ids: members.map((member) => member.id) });
    return id;
  }

  async function conversation(inboxId: number, extra: Record<string, unknown> = {}) {
    const contact = await seedContact(account.id);
    const created = await account.admin.api.post('/conversations', {
      source_id: 's',
      inbox_id: inboxId,
      contact_id: contact.id,
      ...extra,
    });
    expect(created.status).toBe(201);
    return created.body as { id: number; assignee_id: number | null; team_id: number | null };
  }

  async function agent(availability: 'online' | 'busy' | 'offline') {
    const user = await account.addUser('agent');
    await gatewayClient(user.token).patch('/api/v1/profile', { availability, account_id: account.id });
    return user;
  }

  const show = async (id: number) => (await account.admin.api.get(`/conversations/${id}`)).body;

  it('shows the assignee in meta with its account, role, confirmation and auto-offline setting wherever conversations appear', async () => {
    const member = await agent('online');
    expect((await account.admin.api.patch(`/agents/${member.id}`, { auto_offline: false })).status).toBe(200);
    const inboxId = await inbox({ enable_auto_assignment: false }, [member]);
    // TODO(read-your-writes): drop the polls once a read-model miss asks the owner.
    const contact = await eventually(async () => {
      const response = await account.admin.api.post('/contacts', { inbox_id: inboxId, name: 'Meta' });
      expect(response.status).toBe(201);
      return response.body.payload as { contact: { id: number }; contact_inbox: { source_id: string } };
    });
    const created = await eventually(async () => {
      const response = await account.admin.api.post('/conversations', {
        inbox_id: inboxId,
        contact_id: contact.contact.id,
        source_id: contact.contact_inbox.source_id,
        assignee_id: member.id,
      });
      expect(response.status).toBe(201);
      return response.body as { id: number };
    });
    const assignee = {
      id: member.id,
      account_id: account.id,
      name: expect.any(String),
      available_name: expect.any(String),
      email: member.email,
      role: 'agent',
      confirmed: true,
      availability_status: 'online',
      auto_offline: false,
      thumbnail: expect.any(String),
    };
    expect((await show(created.id)).meta.assignee).toEqual(assignee);
    const listed = (await account.admin.api.get(`/conversations?inbox_id=${inboxId}`)).body.data.payload;
    expect(listed.map((row: { meta: unknown }) => row.meta)).toEqual([expect.objectContaining({ assignee })]);
    const filtered = (
      await account.admin.api.post('/conversations/filter', {
        payload: [{ attribute_key: 'inbox_id', filter_operator: 'equal_to', values: [inboxId] }],
      })
    ).body.data.payload;
    expect(filtered.map((row: { meta: unknown }) => row.meta)).toEqual([expect.objectContaining({ assignee })]);
    const ofContact = (await account.admin.api.get(`/contacts/${contact.contact.id}/conversations`)).body.payload;
    expect(ofContact.map((row: { meta: unknown }) => row.meta)).toEqual([expect.objectContaining({ assignee })]);
  });

  it('assigns and unassigns an agent and a team (204), recording activity', async () => {
    const member = await agent('offline');
    const inboxId = await inbox({ enable_auto_assignment: false }, [member]);
    const team = (await account.admin.api.post('/teams', { name: `Team ${Math.random()}` })).body;
    const { id } = await conversation(inboxId);

    const assigned = await account.admin.api.post(`/conversations/${id}/assignments`, {
      assignee_id: member.id,
      team_id: team.id,
    });
    expect(assigned.status).toBe(204);
    expect(await show(id)).toMatchObject({
      assignee_id: member.id,
      team_id: team.id,
      meta: { assignee: { id: member.id }, team: { id: team.id } },
    });

    expect((await account.admin.api.post(`/conversations/${id}/assignments`, { assignee_id: null })).status).toBe(204);
    expect(await show(id)).toMatchObject({ assignee_id: null, team_id: team.id });
    expect((await account.admin.api.post(`/conversations/${id}/assignments`, { team_id: null })).status).toBe(204);
    expect((await show(id)).team_id).toBeNull();

    const activity = (await account.admin.api.get(`/conversations/${id}/messages`)).body.payload
      .filter((message: { message_type: string }) => message.message_type === 'activity')
      .map((message: { content: string }) => message.content);
    expect(activity).toEqual([
      expect.stringMatching(/^Assigned to .+ by /),
      expect.stringMatching(/^Assigned to team .+ by /),
      expect.stringMatching(/^Conversation was unassigned by /),
      expect.stringMatching(/^Unassigned from the team by /),
    ]);
    await eventually(async () => {
      const changes = (
        await publishedEvents<{ conversation: { id: number; account_id: number } }>(ConversationEvents.assigneeChanged)
      ).filter((event) => event.data.conversation.account_id === account.id && event.data.conversation.id === id);
      expect(changes).toHaveLength(2);
    });
  });

  it('refuses an assignee without access to the inbox, and an unknown team (422)', async () => {
    const outsider = await agent('online');
    const inboxId = await inbox({ enable_auto_assignment: false });
    const { id } = await conversation(inboxId);
    const refused = await account.admin.api.post(`/conversations/${id}/assignments`, { assignee_id: outsider.id });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      error: 'Assignee must be an agent of this account with access to the inbox',
      attributes: ['assignee_id'],
    });
    const stranger = await (await createTestAccount()).addUser('agent');
    expect(
      (await account.admin.api.post(`/conversations/${id}/assignments`, { assignee_id: stranger.id })).status,
    ).toBe(422);
    const team = await account.admin.api.post(`/conversations/${id}/assignments`, { team_id: 2147483000 });
    expect(team.status).toBe(422);
    expect(team.body.attributes).toEqual(['team_id']);
    expect((await account.admin.api.post(`/conversations/${id}/assignments`, { assignee_id: 'x' })).status).toBe(400);
    // An administrator serves every inbox.
    expect(
      (await account.admin.api.post(`/conversations/${id}/assignments`, { assignee_id: account.admin.id })).status,
    ).toBe(204);
  });

  it('assigns round-robin among online members, least recently assigned first', async () => {
    const [first, second] = [await agent('online'), await agent('online')];
    const busy = await agent('busy');
    const offline = await agent('offline');
    const inboxId = await inbox({}, [first, second, busy, offline]);
    const assignees: Array<number | null> = [];
    for (let i = 0; i < 4; i++) assignees.push((await conversation(inboxId)).assignee_id);
    expect(new Set(assignees)).toEqual(new Set([first.id, second.id]));
    expect(assignees[0]).not.toBe(assignees[1]);
    expect(assignees[2]).toBe(assignees[0]);
    expect(assignees[3]).toBe(assignees[1]);
  });

  it('respects max_assignment_limit and hands waiting conversations out when capacity frees up', async () => {
    const worker = await agent('online');
    const inboxId = await inbox({ auto_assignment_config: { max_assignment_limit: 2 } }, [worker]);
    const a = await conversation(inboxId);
    const b = await conversation(inboxId);
    const c = await conversation(inboxId);
    expect([a.assignee_id, b.assignee_id, c.assignee_id]).toEqual([worker.id, worker.id, null]);
    await account.admin.api.post(`/conversations/${a.id}/toggle_status`, { status: 'resolved' });
    await eventually(async () => expect((await show(c.id)).assignee_id).toBe(worker.id));
  });

  it('assigns waiting conversations when an agent comes online', async () => {
    const later = await agent('offline');
    const inboxId = await inbox({}, [later]);
    const waiting = await conversation(inboxId);
    expect(waiting.assignee_id).toBeNull();
    await gatewayClient(later.token).patch('/api/v1/profile', { availability: 'online', account_id: account.id });
    await eventually(async () => expect((await show(waiting.id)).assignee_id).toBe(later.id));
  });

  it('with a team that allows auto-assignment, picks only its members', async () => {
    const [inTeam, notInTeam] = [await agent('online'), await agent('online')];
    const inboxId = await inbox({}, [inTeam, notInTeam]);
    const team = (await account.admin.api.post('/teams', { name: `Team ${Math.random()}`, allow_auto_assign: true }))
      .body;
    await account.admin.api.post(`/teams/${team.id}/team_members`, { user_ids: [inTeam.id] });
    for (let i = 0; i < 3; i++) expect((await conversation(inboxId, { team_id: team.id })).assignee_id).toBe(inTeam.id);
  });

  it('does not auto-assign when the inbox has it off, or a pending conversation', async () => {
    const ready = await agent('online');
    expect((await conversation(await inbox({ enable_auto_assignment: false }, [ready]))).assignee_id).toBeNull();
    expect((await conversation(await inbox({}, [ready]), { status: 'pending' })).assignee_id).toBeNull();
  });

  it('spreads concurrently created conversations within the limit', async () => {
    const agents = [await agent('online'), await agent('online')];
    const inboxId = await inbox({ auto_assignment_config: { max_assignment_limit: 3 } }, agents);
    const contacts = await Promise.all(Array.from({ length: 8 }, () => seedContact(account.id)));
    const created = await Promise.all(
      contacts.map((contact) =>
        account.admin.api.post('/conversations', { source_id: 's', inbox_id: inboxId, contact_id: contact.id }),
      ),
    );
    const counts = new Map<number | null, number>();
    for (const response of created)
      counts.set(response.body.assignee_id, (counts.get(response.body.assignee_id) ?? 0) + 1);
    expect(counts.get(agents[0].id)).toBe(3);
    expect(counts.get(agents[1].id)).toBe(3);
    expect(counts.get(null)).toBe(2);
  });

  it('keeps the limit and the rotation with two replicas of messaging sharing the work', async () => {
    await startReplica('messaging');
    try {
      const agents = [await agent('online'), await agent('online')];
      const inboxId = await inbox({ auto_assignment_config: { max_assignment_limit: 3 } }, agents);
      const contacts = await Promise.all(Array.from({ length: 12 }, () => seedContact(account.id)));
      const created = await Promise.all(
        contacts.map((contact) =>
          account.admin.api.post('/conversations', { source_id: 'r', inbox_id: inboxId, contact_id: contact.id }),
        ),
      );
      expect(created.every((response) => response.status === 201)).toBe(true);
      const counts = new Map<number | null, number>();
      for (const response of created)
        counts.set(response.body.assignee_id, (counts.get(response.body.assignee_id) ?? 0) + 1);
      expect(counts.get(agents[0].id)).toBe(3);
      expect(counts.get(agents[1].id)).toBe(3);
      expect(counts.get(null)).toBe(6);
      // Both instances answered creations (NATS spreads a queue group's requests).
      const { logDir } = readE2eState();
      for (const file of ['messaging.log', 'messaging-replica-1.log']) {
        expect(readFileSync(join(logDir, file), 'utf8')).toContain('messaging.conversations.create answered');
      }
    } finally {
      await stopReplicas('messaging');
    }
  });

  it('unassigns the conversations of an agent removed from the account', async () => {
    const leaving = await agent('offline');
    const inboxId = await inbox({ enable_auto_assignment: false }, [leaving]);
    const { id } = await conversation(inboxId, { assignee_id: leaving.id });
    expect((await show(id)).assignee_id).toBe(leaving.id);
    expect((await account.admin.api.delete(`/agents/${leaving.id}`)).status).toBe(204);
    await eventually(async () => expect((await show(id)).assignee_id).toBeNull());
  });
});
