import {
  createTestAccount,
  eventually,
  platformClient,
  readE2eState,
  seedContact,
  type TestAccount,
  type TestUser,
} from '@parley/testing';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

const unique = () => randomBytes(3).toString('hex');

describe('automation rules: every operation for administrators only, and a run log of 7 days', () => {
  let account: TestAccount;
  let agent: TestUser;

  beforeAll(async () => {
    account = await createTestAccount();
    agent = await account.addUser('agent');
  });

  const body = () => ({
    name: `r ${unique()}`,
    event_name: 'conversation_created',
    conditions: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['open'] }],
    actions: [{ action_name: 'change_priority', action_params: ['low'] }],
  });
  const rule = async () => (await account.admin.api.post('/automation_rules', body())).body.payload.id as number;

  const operations: Array<
    [string, 'get' | 'post' | 'patch' | 'put' | 'delete', () => Promise<{ path: string; body?: unknown }>]
  > = [
    ['list', 'get', async () => ({ path: '/automation_rules' })],
    ['create', 'post', async () => ({ path: '/automation_rules', body: body() })],
    ['show', 'get', async () => ({ path: `/automation_rules/${await rule()}` })],
    ['update', 'patch', async () => ({ path: `/automation_rules/${await rule()}`, body: { name: 'renamed' } })],
    ['replace', 'put', async () => ({ path: `/automation_rules/${await rule()}`, body: { name: 'renamed' } })],
    ['delete', 'delete', async () => ({ path: `/automation_rules/${await rule()}` })],
    ['clone', 'post', async () => ({ path: `/automation_rules/${await rule()}/clone` })],
    ['toggle active', 'post', async () => ({ path: `/automation_rules/${await rule()}/active` })],
    ['runs', 'get', async () => ({ path: `/automation_rules/${await rule()}/runs` })],
  ];

  it.each(operations)('%s: agents 403, administrators 2xx', async (_, method, request) => {
    const call = (user: TestUser, { path, body: payload }: { path: string; body?: unknown }) =>
      method === 'get' || method === 'delete' ? user.api[method](path) : user.api[method](path, payload);
    const refused = await call(agent, await request());
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'This action requires the administrator role' });
    expect((await call(account.admin, await request())).status).toBeLessThan(300);
  });

  it('lists runs newest first, 25 a page, and forgets those older than 7 days', async () => {
    const api = account.admin.api;
    const inbox = (await api.post('/inboxes', { name: 'Api', channel: { type: 'api' }, enable_auto_assignment: false }))
      .body.id;
    const id = (
      await api.post('/automation_rules', {
        ...body(),
        conditions: [{ attribute_key: 'inbox_id', filter_operator: 'equal_to', values: [inbox] }],
      })
    ).body.payload.id;
    const conversations: number[] = [];
    for (let i = 0; i < 27; i++) {
      const contact = await seedContact(account.id, { name: `R${i}` });
      conversations.push(
        (await api.post('/conversations', { source_id: `s-${unique()}`, inbox_id: inbox, contact_id: contact.id })).body
          .id,
      );
    }
    const first = await eventually(async () => {
      const page = (await api.get(`/automation_rules/${id}/runs`)).body;
      expect(page.meta.count).toBe(27);
      return page;
    });
    expect(first.payload).toHaveLength(25);
    expect(first.payload[0].conversation_id).toBe(conversations[26]);
    const second = (await api.get(`/automation_rules/${id}/runs?page=2`)).body;
    expect(second).toMatchObject({ meta: { count: 27, current_page: 2 } });
    expect(second.payload.map((run: { conversation_id: number }) => run.conversation_id)).toEqual([
      conversations[1],
      conversations[0],
    ]);

    const db = new Client({ connectionString: readE2eState().databaseUrl });
    await db.connect();
    try {
      await db.query(
        `UPDATE automation.rule_runs SET created_at = now() - interval '8 days' WHERE rule_id = $1 AND conversation_id = $2`,
        [id, conversations[0]],
      );
    } finally {
      await db.end();
    }
    const after = (await api.get(`/automation_rules/${id}/runs?page=2`)).body;
    expect(after.meta.count).toBe(26);
    expect(after.payload.map((run: { conversation_id: number }) => run.conversation_id)).toEqual([conversations[1]]);
  });

  it("removes a deleted account's rules, their runs and its macros", async () => {
    const doomed = await createTestAccount();
    const ruleId = (await doomed.admin.api.post('/automation_rules', body())).body.payload.id as number;
    expect(
      (
        await doomed.admin.api.post('/macros', {
          name: 'Doomed',
          visibility: 'global',
          actions: [{ action_name: 'change_priority', action_params: ['low'] }],
        })
      ).status,
    ).toBe(201);
    const db = new Client({ connectionString: readE2eState().databaseUrl });
    await db.connect();
    try {
      const left = async () =>
        (
          await db.query(
            `SELECT (SELECT count(*) FROM automation.rules WHERE account_id = $1)::int AS rules, (SELECT count(*) FROM automation.macros WHERE account_id = $1)::int AS macros`,
            [doomed.id],
          )
        ).rows[0];
      expect(await left()).toEqual({ rules: 1, macros: 1 });
      expect((await platformClient().delete(`/platform/api/v1/accounts/${doomed.id}`)).status).toBe(204);
      await eventually(async () => expect(await left()).toEqual({ rules: 0, macros: 0 }), { timeoutMs: 15_000 });
      expect(
        (await db.query('SELECT count(*)::int AS n FROM automation.rule_runs WHERE rule_id = $1', [ruleId])).rows[0].n,
      ).toBe(0);
      // The other account's rules stay.
      expect((await account.admin.api.get('/automation_rules')).status).toBe(200);
    } finally {
      await db.end();
    }
  });
});
