import {
  createTestAccount,
  eventually,
  readE2eState,
  seedContact,
  type TestAccount,
  type TestUser,
} from '@parley/testing';
import { Client } from 'pg';

/**
 * The list's four counts come from counts maintained with every change (not from counting the
 * account): they must stay exact through every way a conversation changes bucket, for
 * administrators and for agents (who see their inboxes only), before and after the
 * maintained rows are folded together.
 */
describe('maintained conversation counts', () => {
  let account: TestAccount;
  let agent: TestUser;
  let inboxA: number;
  let inboxB: number;
  let teamId: number;
  let db: Client;

  const conversation = async (inboxId: number, extra: Record<string, unknown> = {}) => {
    const contact = await seedContact(account.id, { name: 'Counted contact' });
    const created = await account.admin.api.post('/conversations', {
      source_id: `counted-${contact.id}`,
      inbox_id: inboxId,
      contact_id: contact.id,
      ...extra,
    });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  const meta = async (user: TestUser, query: string) => {
    const response = await user.api.get(`/conversations/meta${query}`);
    expect(response.status).toBe(200);
    return response.body.meta as Record<string, number>;
  };
  /** What counting the account's rows says, with the same visibility rule. */
  const counted = async (user: TestUser, status: string, inboxId?: number, teamFilter?: number) => {
    const params: unknown[] = [account.id, user.id, user === account.admin];
    const clauses = [
      'c.account_id = $1',
      '($3 OR c.inbox_id IN (SELECT inbox_id FROM messaging.inbox_members WHERE user_id = $2))',
    ];
    if (status !== 'all') clauses.push(`c.status = $${params.push(status)}`);
    if (inboxId) clauses.push(`c.inbox_id = $${params.push(inboxId)}`);
    if (teamFilter) clauses.push(`c.team_id = $${params.push(teamFilter)}`);
    const { rows } = await db.query(
      `SELECT count(*) FILTER (WHERE c.assignee_id = $2)::int AS mine_count, count(*) FILTER (WHERE c.assignee_id IS NOT NULL)::int AS assigned_count,
              count(*) FILTER (WHERE c.assignee_id IS NULL)::int AS unassigned_count, count(*)::int AS all_count
         FROM messaging.conversations c WHERE ${clauses.join(' AND ')}`,
      params,
    );
    return rows[0];
  };
  const expectExact = async (users = [account.admin, agent]) => {
    for (const user of users) {
      for (const status of ['open', 'pending', 'resolved', 'snoozed', 'all']) {
        expect(await meta(user, `?status=${status}`)).toEqual(await counted(user, status));
        expect(await meta(user, `?status=${status}&inbox_id=${inboxA}`)).toEqual(await counted(user, status, inboxA));
        expect(await meta(user, `?status=${status}&team_id=${teamId}`)).toEqual(
          await counted(user, status, undefined, teamId),
        );
      }
    }
  };
  const folded = async () =>
    eventually(
      async () => {
        const { rows } = await db.query(
          `SELECT count(*) FILTER (WHERE NOT settled)::int AS fresh FROM messaging.conversation_counts WHERE account_id = $1`,
          [account.id],
        );
        expect(rows[0].fresh).toBe(0);
      },
      { timeoutMs: 15_000 },
    );

  beforeAll(async () => {
    db = new Client({ connectionString: readE2eState().databaseUrl });
    await db.connect();
    account = await createTestAccount();
    agent = await account.addUser('agent');
    inboxA = (
      await account.admin.api.post('/inboxes', { name: 'A', channel: { type: 'api' }, enable_auto_assignment: false })
    ).body.id;
    inboxB = (
      await account.admin.api.post('/inboxes', { name: 'B', channel: { type: 'api' }, enable_auto_assignment: false })
    ).body.id;
    await account.admin.api.post(`/inboxes/${inboxA}/inbox_members`, { user_ids: [agent.id] });
    await account.admin.api.post(`/inboxes/${inboxB}/inbox_members`, { user_ids: [account.admin.id] });
    teamId = (await account.admin.api.post('/teams', { name: 'Support' })).body.id;
  });

  afterAll(async () => {
    await db.end();
  });

  it('count every change of status, assignee, team and inbox, and the deletions that cascade', async () => {
    const mine = await conversation(inboxA, { assignee_id: agent.id, team_id: teamId });
    const open = await conversation(inboxA);
    const elsewhere = await conversation(inboxB, { assignee_id: account.admin.id });
    const pending = await conversation(inboxA, { status: 'pending' });
    expect(await meta(account.admin, '?status=open')).toEqual({
      mine_count: 1,
      assigned_count: 2,
      unassigned_count: 1,
      all_count: 3,
    });
    expect(await meta(agent, '?status=open')).toEqual({
      mine_count: 1,
      assigned_count: 1,
      unassigned_count: 1,
      all_count: 2,
    });
    await expectExact();

    expect((await account.admin.api.post(`/conversations/${open}/toggle_status`, { status: 'resolved' })).status).toBe(
      200,
    );
    expect((await account.admin.api.post(`/conversations/${pending}/toggle_status`, { status: 'open' })).status).toBe(
      200,
    );
    expect(
      (
        await account.admin.api.post(`/conversations/${open}/toggle_status`, {
          status: 'snoozed',
          snoozed_until: Math.floor(Date.now() / 1000) + 3600,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await account.admin.api.post(`/conversations/${pending}/assignments`, {
          assignee_id: agent.id,
          team_id: teamId,
        })
      ).status,
    ).toBe(204);
    expect((await account.admin.api.post(`/conversations/${mine}/assignments`, { assignee_id: null })).status).toBe(
      204,
    );
    expect(await meta(account.admin, '?status=open')).toEqual({
      mine_count: 1,
      assigned_count: 2,
      unassigned_count: 1,
      all_count: 3,
    });
    await expectExact();

    await folded();
    await expectExact();

    // The team's deletion clears it from its conversations, the agent's removal unassigns them,
    // the inbox's deletion removes its conversations: each moves counts without a request to the list.
    expect((await account.admin.api.delete(`/teams/${teamId}`)).status).toBeLessThan(300);
    expect((await account.admin.api.delete(`/inboxes/${inboxB}`)).status).toBeLessThan(300);
    await eventually(async () => expect(await meta(account.admin, '?status=all')).toMatchObject({ all_count: 3 }));
    expect((await account.admin.api.delete(`/agents/${agent.id}`)).status).toBeLessThan(300);
    await eventually(async () => expect(await meta(account.admin, '?status=all')).toMatchObject({ assigned_count: 0 }));
    expect(elsewhere).toBeGreaterThan(0);
    await expectExact([account.admin]);
    await folded();
    await expectExact([account.admin]);
  });
});
