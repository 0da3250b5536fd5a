import { createTestAccount, seedContact, type TestAccount, type TestUser } from '@parley/testing';

describe('listing and filtering conversations', () => {
  let account: TestAccount;
  let agent: TestUser;
  let inboxA: number;
  let inboxB: number;
  let teamId: number;
  const ids: Record<string, number> = {};

  const create = async (
    name: string,
    inboxId: number,
    extra: Record<string, unknown> = {},
    contactName = `Contact ${name}`,
  ) => {
    const contact = await seedContact(account.id, { name: contactName });
    const created = await account.admin.api.post('/conversations', {
      source_id: name,
      inbox_id: inboxId,
      contact_id: contact.id,
      ...extra,
    });
    expect(created.status).toBe(201);
    ids[name] = created.body.id;
    return created.body.id as number;
  };

  beforeAll(async () => {
    account = await createTestAccount();
    agent = await account.addUser('agent');
    inboxA = (
      await account.admin.api.post('/inboxes', { name: 'A', channel: { type: 'api' }, enable_auto_assignment: false })
    ).body.id;
    inboxB = (
      await account.admin.api.post('/inboxes', { name: 'B', channel: { type: 'api' }, enable_auto_assignment: false })
    ).body.id;
    await account.admin.api.post(`/inboxes/${inboxA}/inbox_members`, { user_ids: [agent.id] });
    teamId = (await account.admin.api.post('/teams', { name: 'Sales' })).body.id;
    await account.admin.api.post('/custom_attribute_definitions', {
      attribute_display_name: 'Order value',
      attribute_key: 'order_value',
      attribute_display_type: 'number',
      attribute_model: 0,
    });

    await create('mine', inboxA, { assignee_id: agent.id, custom_attributes: { order_value: 120 } });
    await create('unassigned', inboxA, { custom_attributes: { order_value: 30 } });
    await create('admins', inboxA, { assignee_id: account.admin.id, team_id: teamId });
    await create('other-inbox', inboxB, {}, 'Zelda Unique');
    await create('pending', inboxA, { status: 'pending' });
    await create('resolved', inboxA);
    await account.admin.api.post(`/conversations/${ids['resolved']}/toggle_status`, { status: 'resolved' });
    await account.admin.api.post(`/conversations/${ids['mine']}/labels`, { labels: ['vip', 'billing'] });
    await account.admin.api.post(`/conversations/${ids['unassigned']}/labels`, { labels: ['vip'] });
    await account.admin.api.post(`/conversations/${ids['unassigned']}/messages`, {
      content: 'The parcel never arrived',
      message_type: 'incoming',
    });
  });

  const list = async (user: TestUser, query: string) => {
    const response = await user.api.get(`/conversations${query}`);
    expect(response.status).toBe(200);
    // The gateway passes messaging's JSON text on: it must still be labelled as JSON.
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    return response.body.data as { meta: Record<string, number>; payload: Array<{ id: number; messages: unknown[] }> };
  };
  const idsOf = (data: { payload: Array<{ id: number }> }) =>
    data.payload.map((conversation) => conversation.id).sort((a, b) => a - b);
  const expected = (...names: string[]) => names.map((name) => ids[name]).sort((a, b) => a - b);

  it('lists open conversations by default, with counts and page metadata', async () => {
    const data = await list(account.admin, '');
    expect(idsOf(data)).toEqual(expected('mine', 'unassigned', 'admins', 'other-inbox'));
    expect(data.meta).toEqual({
      mine_count: 1,
      assigned_count: 2,
      unassigned_count: 2,
      all_count: 4,
      current_page: 1,
      total_pages: 1,
    });
    expect(data.payload.every((conversation) => conversation.messages.length === 0)).toBe(true);
  });

  it('filters by status (all included), inbox, team, labels (AND) and q', async () => {
    expect(idsOf(await list(account.admin, '?status=pending'))).toEqual(expected('pending'));
    expect(idsOf(await list(account.admin, '?status=all'))).toHaveLength(6);
    expect(idsOf(await list(account.admin, `?inbox_id=${inboxB}`))).toEqual(expected('other-inbox'));
    expect(idsOf(await list(account.admin, `?team_id=${teamId}`))).toEqual(expected('admins'));
    expect(idsOf(await list(account.admin, '?labels[]=vip'))).toEqual(expected('mine', 'unassigned'));
    expect(idsOf(await list(account.admin, '?labels[]=vip&labels[]=billing'))).toEqual(expected('mine'));
    expect(idsOf(await list(account.admin, '?labels=vip,billing'))).toEqual(expected('mine'));
    expect(idsOf(await list(account.admin, '?labels=vip&labels=billing'))).toEqual(expected('mine'));
    expect(idsOf(await list(account.admin, '?q=parcel'))).toEqual(expected('unassigned'));
    expect(idsOf(await list(account.admin, '?q=zelda'))).toEqual(expected('other-inbox'));
    expect(idsOf(await list(account.admin, '?inbox_id=&team_id=0'))).toHaveLength(4);
    expect((await account.admin.api.get('/conversations?status=closed')).status).toBe(400);
    expect((await account.admin.api.get('/conversations?inbox_id=abc')).status).toBe(400);
  });

  it('keeps the counts steady across assignee_type tabs', async () => {
    const admin = account.admin;
    const mineTab = await list(admin, '?assignee_type=me');
    expect(idsOf(mineTab)).toEqual(expected('admins'));
    expect(idsOf(await list(admin, '?assignee_type=unassigned'))).toEqual(expected('unassigned', 'other-inbox'));
    expect(idsOf(await list(admin, '?assignee_type=assigned'))).toEqual(expected('mine', 'admins'));
    expect(idsOf(await list(admin, '?assignee_type=unassigned_or_me'))).toEqual(
      expected('unassigned', 'admins', 'other-inbox'),
    );
    for (const tab of ['me', 'unassigned', 'assigned', 'unassigned_or_me']) {
      expect((await list(admin, `?assignee_type=${tab}`)).meta).toMatchObject({
        mine_count: 1,
        assigned_count: 2,
        unassigned_count: 2,
        all_count: 4,
      });
    }
    const meta = await admin.api.get('/conversations/meta?status=open');
    expect(meta.body).toEqual({ meta: { mine_count: 1, assigned_count: 2, unassigned_count: 2, all_count: 4 } });
  });

  it("shows agents only their inboxes' conversations, and counts only those", async () => {
    const data = await list(agent, '');
    expect(idsOf(data)).toEqual(expected('mine', 'unassigned', 'admins'));
    expect(data.meta).toMatchObject({ mine_count: 1, all_count: 3 });
  });

  it('paginates 25 per page', async () => {
    const paged = await createTestAccount();
    const inbox = (
      await paged.admin.api.post('/inboxes', { name: 'Paged', channel: { type: 'api' }, enable_auto_assignment: false })
    ).body.id;
    const contact = await seedContact(paged.id);
    for (let i = 0; i < 27; i++)
      await paged.admin.api.post('/conversations', { source_id: `p${i}`, inbox_id: inbox, contact_id: contact.id });
    const first = await paged.admin.api.get('/conversations');
    expect(first.body.data.payload).toHaveLength(25);
    expect(first.body.data.meta).toMatchObject({ current_page: 1, total_pages: 2, all_count: 27 });
    const second = await paged.admin.api.get('/conversations?page=2');
    expect(second.body.data.payload).toHaveLength(2);
    expect(second.body.data.meta.current_page).toBe(2);
  });

  const filter = (payload: unknown[]) => account.admin.api.post('/conversations/filter', { payload });

  it('filters with AND binding tighter than OR', async () => {
    // status = pending OR (inbox = A AND labels contains billing)
    const response = await filter([
      { attribute_key: 'status', filter_operator: 'equal_to', values: ['pending'], query_operator: 'or' },
      { attribute_key: 'inbox_id', filter_operator: 'equal_to', values: [inboxA], query_operator: 'and' },
      { attribute_key: 'labels', filter_operator: 'contains', values: ['billing'] },
    ]);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(idsOf(response.body.data)).toEqual(expected('pending', 'mine'));
    expect(response.body.data.meta).toMatchObject({ all_count: 2 });
  });

  it('filters by assignee presence, dates and custom attributes', async () => {
    expect(
      idsOf((await filter([{ attribute_key: 'assignee_id', filter_operator: 'is_present', values: [] }])).body.data),
    ).toEqual(expected('mine', 'admins'));
    const recent = await filter([
      {
        attribute_key: 'created_at',
        filter_operator: 'is_greater_than',
        values: [new Date(Date.now() - 3600_000).toISOString()],
      },
    ]);
    expect(idsOf(recent.body.data)).toHaveLength(6);
    const future = await filter([
      {
        attribute_key: 'last_activity_at',
        filter_operator: 'greater_than',
        values: [Math.floor(Date.now() / 1000) + 3600],
      },
    ]);
    expect(future.body.data.payload).toEqual([]);
    const big = await filter([
      { attribute_key: 'custom_attributes.order_value', filter_operator: 'greater_than', values: [100] },
    ]);
    expect(idsOf(big.body.data)).toEqual(expected('mine'));
    const notVip = await filter([
      { attribute_key: 'labels', filter_operator: 'does_not_contain', values: ['vip'], query_operator: 'and' },
      { attribute_key: 'status', filter_operator: 'not_equal_to', values: ['resolved'] },
    ]);
    expect(idsOf(notVip.body.data)).toEqual(expected('admins', 'other-inbox', 'pending'));
  });

  it.each([
    [
      [{ attribute_key: 'colour', filter_operator: 'equal_to', values: ['red'] }],
      'attribute_key "colour" is not a filterable attribute',
    ],
    [
      [{ attribute_key: 'status', filter_operator: 'bigger_than', values: ['open'] }],
      'filter_operator "bigger_than" is not a known operator',
    ],
    [[{ attribute_key: 'status', filter_operator: 'equal_to', values: ['closed'] }], '"closed" is not one of'],
    [[{ attribute_key: 'created_at', filter_operator: 'is_greater_than', values: ['soon'] }], 'is not a date'],
    [
      [{ attribute_key: 'custom_attributes.order_value', filter_operator: 'greater_than', values: ['lots'] }],
      'is not a number',
    ],
    [[], 'at least one filter condition'],
  ])('refuses the filter %j with 422 naming the problem', async (payload, message) => {
    const response = await filter(payload);
    expect(response.status).toBe(422);
    expect(response.body.error).toContain(message);
  });

  it('refuses a malformed filter body with 400', async () => {
    expect((await account.admin.api.post('/conversations/filter', { payload: 'status=open' })).status).toBe(400);
    expect((await account.admin.api.post('/conversations/filter', {})).status).toBe(400);
  });
});
