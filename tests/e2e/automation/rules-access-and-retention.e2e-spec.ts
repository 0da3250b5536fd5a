import { createTestAccount, eventually, readE2eState, seedContact, type TestAccount, type TestUser } from '@parley/testing';
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

  const operations: Array<[string, 'get' | 'post' | 'patch' | 'put' | 'delete', () => Promise<{ path: string; body?: unknown }>]> = [
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
    const inbox = (await api.post('/inboxes', { name: 'Api', channel: { type: 'api' }, enable_auto_assignment: false })).body.id;
    const id = (await api.post('/automation_rules', { ...body(), conditions: [{ attribute_key: 'inbox_id', filter_operator: 'equal_to', values: [inbox] }] })).body.payload.id;
    const conversations: number[] = [];
    for (let i = 0; i < 27; i++) {
      const contact = await seedContact(account.id, { name: `R${i}` });
      conversations.push((await api.post('/conversations', { source_id: `s-${unique()}`, inbox_id: inbox, contact_id: contact.id })).body.id);
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
    expect(second.payload.map((run: { conversation_id: number }) => run.conversation_id)).toEqual([conversations[1], conversations[0]]);

    const db = new Client({ connectionString: readE2eState().databaseUrl });
    await db.connect();
    try {
      await db.query(`UPDATE automation.rule_runs SET created_at = now() - interval '8 days' WHERE rule_id = $1 AND conversation_id = $2`, [id, conversations[0]]);
    } finally {
      await db.end();
    }
    const after = (await api.get(`/automation_rules/${id}/runs?page=2`)).body;
    expect(after.meta.count).toBe(26);
    expect(after.payload.map((run: { conversation_id: number }) => run.conversation_id)).toEqual([conversations[1]]);
  });
});
