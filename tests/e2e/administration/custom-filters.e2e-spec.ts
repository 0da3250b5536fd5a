import {
  ApiClient,
  createTestAccount,
  platformClient,
  readE2eState,
  type TestAccount,
  type TestUser,
} from '@parley/testing';
import { Client } from 'pg';
import { randomBytes } from 'node:crypto';

/** Saved custom filters: per user and account, their query checked as the filter endpoints check it. */
describe('custom filters', () => {
  let account: TestAccount;
  let agent: TestUser;
  const openConversations = { payload: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['open'] }] };
  const namedContacts = {
    payload: [
      { attribute_key: 'name', filter_operator: 'contains', values: ['Dora'], query_operator: 'OR' },
      { attribute_key: 'email', filter_operator: 'is_present', values: [] },
    ],
  };

  beforeAll(async () => {
    account = await createTestAccount();
    agent = await account.addUser('agent');
  });

  it('creates, lists by type, shows, updates and deletes a filter', async () => {
    const api = agent.api;
    const created = await api.post('/custom_filters', {
      name: '  Open ones ',
      filter_type: 'conversation',
      query: openConversations,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Open ones',
      filter_type: 'conversation',
      query: openConversations,
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    const contacts = await api.post('/custom_filters', { name: 'Doras', filter_type: 'contact', query: namedContacts });
    expect(contacts.status).toBe(201);
    // query_operator is case-insensitive on the filter endpoints, so it is kept as they read it.
    expect(contacts.body.query.payload[0].query_operator).toBe('or');
    const report = await api.post('/custom_filters', {
      name: 'Report',
      filter_type: 'report',
      query: openConversations,
    });
    expect(report.status).toBe(201);

    // Listed one type at a time; conversation filters when no type is named (the reference's default).
    expect((await api.get('/custom_filters')).body).toEqual([created.body]);
    expect((await api.get('/custom_filters?filter_type=conversation')).body).toEqual([created.body]);
    expect((await api.get('/custom_filters?filter_type=contact')).body).toEqual([contacts.body]);
    expect((await api.get('/custom_filters?filter_type=report')).body).toEqual([report.body]);
    expect((await api.get('/custom_filters?filter_type=')).body).toEqual([created.body]);
    expect((await api.get('/custom_filters?filter_type=kanban')).status).toBe(400);
    expect((await api.get(`/custom_filters/${created.body.id}`)).body).toEqual(created.body);

    const renamed = await api.patch(`/custom_filters/${created.body.id}`, { name: 'Still open' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Still open', query: openConversations });
    const retyped = await api.put(`/custom_filters/${created.body.id}`, {
      filter_type: 'contact',
      query: namedContacts,
    });
    expect(retyped.status).toBe(200);
    expect(retyped.body).toMatchObject({ name: 'Still open', filter_type: 'contact' });
    expect((await api.get('/custom_filters?filter_type=conversation')).body).toEqual([]);

    expect((await api.delete(`/custom_filters/${created.body.id}`)).status).toBe(204);
    expect((await api.get(`/custom_filters/${created.body.id}`)).status).toBe(404);
    expect((await api.delete(`/custom_filters/${created.body.id}`)).status).toBe(404);
  });

  it('checks the query as the matching filter endpoint does: 422 naming the fault, 400 for a wrong shape', async () => {
    const api = account.admin.api;
    const save = (filter_type: string, query: unknown, name: unknown = 'Saved') =>
      api.post('/custom_filters', { name, filter_type, query });
    // A contact attribute is not a conversation attribute, and the other way round.
    const byEmail = { payload: [{ attribute_key: 'email', filter_operator: 'equal_to', values: ['a@example.com'] }] };
    const conversationFault = await save('conversation', byEmail);
    expect(conversationFault.status).toBe(422);
    expect(conversationFault.body).toEqual({
      error: expect.stringContaining('attribute_key "email"'),
      attributes: ['payload'],
    });
    // The same answer the filter endpoint gives for that payload.
    expect((await api.post('/conversations/filter', byEmail)).body).toEqual(conversationFault.body);
    const byStatus = { payload: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['open'] }] };
    const contactFault = await save('contact', byStatus);
    expect(contactFault.status).toBe(422);
    expect(contactFault.body).toEqual((await api.post('/contacts/filter', byStatus)).body);
    expect((await save('report', byEmail)).status).toBe(422);

    const wrongOperator = await save('conversation', {
      payload: [{ attribute_key: 'status', filter_operator: 'contains', values: ['open'] }],
    });
    expect(wrongOperator.status).toBe(422);
    expect(wrongOperator.body.error).toMatch(/filter_operator "contains" cannot be used with status/);
    expect((await save('conversation', { payload: [] })).status).toBe(422);

    const blank = await save('conversation', byStatus, '   ');
    expect(blank.status).toBe(422);
    expect(blank.body).toEqual({ error: "Name can't be blank", attributes: ['name'] });
    for (const [body, field] of [
      [{ filter_type: 'conversation', query: byStatus }, 'name'],
      [{ name: 'x', filter_type: 'kanban', query: byStatus }, 'filter_type'],
      [{ name: 'x', filter_type: 'conversation' }, 'query'],
      [{ name: 'x', filter_type: 'conversation', query: { payload: 'status' } }, 'payload'],
      [
        { name: 'x', filter_type: 'conversation', query: { payload: [{ filter_operator: 'equal_to' }] } },
        'attribute_key',
      ],
    ] as const) {
      const refused = await api.post('/custom_filters', body);
      expect({ field, status: refused.status }).toEqual({ field, status: 400 });
      expect(refused.body.error).toContain(field);
    }
    // An update that changes the type checks the kept query against the new type.
    const kept = await save('conversation', byStatus);
    const moved = await api.patch(`/custom_filters/${kept.body.id}`, { filter_type: 'contact' });
    expect(moved.status).toBe(422);
    expect((await api.get(`/custom_filters/${kept.body.id}`)).body.filter_type).toBe('conversation');
  });

  it('takes a custom attribute defined a moment before (read your writes)', async () => {
    const key = `plan_${randomBytes(3).toString('hex')}`;
    const defined = await account.admin.api.post('/custom_attribute_definitions', {
      attribute_display_name: key,
      attribute_key: key,
      attribute_display_type: 'number',
      attribute_model: 'contact_attribute',
    });
    expect(defined.status).toBe(201);
    const saved = await account.admin.api.post('/custom_filters', {
      name: 'Big plans',
      filter_type: 'contact',
      query: {
        payload: [{ attribute_key: `custom_attributes.${key}`, filter_operator: 'greater_than', values: [10] }],
      },
    });
    expect(saved.status).toBe(201);
    // As a number attribute it refuses text, as the contact filter does.
    const text = await account.admin.api.post('/custom_filters', {
      name: 'Wordy plans',
      filter_type: 'contact',
      query: {
        payload: [{ attribute_key: `custom_attributes.${key}`, filter_operator: 'greater_than', values: ['x'] }],
      },
    });
    expect(text.status).toBe(422);
  });

  it("keeps each user's filters to themselves, administrators included", async () => {
    const mine = await agent.api.post('/custom_filters', {
      name: 'Mine',
      filter_type: 'conversation',
      query: openConversations,
    });
    const admin = account.admin.api;
    expect((await admin.get('/custom_filters')).body.map((filter: { id: number }) => filter.id)).not.toContain(
      mine.body.id,
    );
    expect((await admin.get(`/custom_filters/${mine.body.id}`)).status).toBe(404);
    expect((await admin.patch(`/custom_filters/${mine.body.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await admin.delete(`/custom_filters/${mine.body.id}`)).status).toBe(404);
    expect((await agent.api.get(`/custom_filters/${mine.body.id}`)).body.name).toBe('Mine');

    // The same user in another account sees nothing of this account's filters.
    const other = await createTestAccount();
    await platformClient().post(`/platform/api/v1/accounts/${other.id}/account_users`, {
      user_id: agent.id,
      role: 'agent',
    });
    const elsewhere = new ApiClient(`${readE2eState().gatewayUrl}/api/v1/accounts/${other.id}`, agent.token);
    expect((await elsewhere.get('/custom_filters')).body).toEqual([]);
    expect((await elsewhere.get(`/custom_filters/${mine.body.id}`)).status).toBe(404);
  });

  it('refuses more than 50 filters per user and account', async () => {
    const user = await account.addUser('agent');
    const saves = await Promise.all(
      Array.from({ length: 52 }, (_, index) =>
        user.api.post('/custom_filters', { name: `F${index}`, filter_type: 'contact', query: namedContacts }),
      ),
    );
    expect(saves.filter((response) => response.status === 201)).toHaveLength(50);
    const refused = saves.filter((response) => response.status !== 201);
    expect(refused.map((response) => response.status)).toEqual([422, 422]);
    expect(refused[0].body.error).toMatch(/at most 50/);
  });

  it('goes with its user: removed from the account, or deleted', async () => {
    const db = new Client({ connectionString: readE2eState().databaseUrl });
    await db.connect();
    const storedOf = async (userId: number) =>
      (await db.query('SELECT count(*)::int AS n FROM messaging.custom_filters WHERE user_id = $1', [userId])).rows[0]
        .n;
    const save = (user: TestUser) =>
      user.api.post('/custom_filters', { name: 'Kept?', filter_type: 'conversation', query: openConversations });
    try {
      const removed = await account.addUser('agent');
      expect((await save(removed)).status).toBe(201);
      expect(await storedOf(removed.id)).toBe(1);
      expect((await account.admin.api.delete(`/agents/${removed.id}`)).status).toBe(204);
      expect(await storedOf(removed.id)).toBe(0);

      const deleted = await account.addUser('agent');
      expect((await save(deleted)).status).toBe(201);
      expect((await platformClient().delete(`/platform/api/v1/users/${deleted.id}`)).status).toBe(204);
      expect(await storedOf(deleted.id)).toBe(0);
    } finally {
      await db.end();
    }
  });
});
