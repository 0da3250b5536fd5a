import { createTestAccount, eventually, gatewayClient, type TestAccount } from '@parley/testing';

/** Requests widely used client libraries send as they are, locked in as they are answered. */
describe('compatibility: requests as client libraries send them', () => {
  let account: TestAccount;
  let inboxId: number;
  const contacts: Record<string, number> = {};
  const conversations: Record<string, number> = {};

  const createContact = async (name: string, additional_attributes: Record<string, string>) => {
    const created = await account.admin.api.post('/contacts', { inbox_id: inboxId, name, additional_attributes });
    expect(created.status).toBe(201);
    contacts[name] = created.body.payload.contact.id;
  };

  const createConversation = async (name: string, extra: Record<string, unknown> = {}) => {
    const created = await account.admin.api.post('/conversations', {
      inbox_id: inboxId,
      contact_id: contacts.lisbon_acme,
      source_id: name,
      ...extra,
    });
    expect(created.status).toBe(201);
    conversations[name] = created.body.id;
  };

  beforeAll(async () => {
    account = await createTestAccount();
    inboxId = (
      await account.admin.api.post('/inboxes', {
        name: 'Clients',
        channel: { type: 'api' },
        enable_auto_assignment: false,
      })
    ).body.id;
    // TODO(read-your-writes): contacts learns inboxes from events; drop the poll once a miss asks messaging.
    await eventually(async () =>
      expect((await account.admin.api.post('/contacts', { inbox_id: inboxId, name: 'Probe' })).status).toBe(201),
    );
    await createContact('lisbon_acme', { city: 'Lisbon', company_name: 'acme' });
    await createContact('lisbon_globex', { city: 'Lisbon', company_name: 'globex' });
    await createContact('porto_acme', { city: 'Porto', company_name: 'acme' });
    await createConversation('assigned', { assignee_id: account.admin.id });
    await createConversation('unassigned');
    await createConversation('pending', { status: 'pending' });
  });

  const ids = (payload: Array<{ id: number }>) => payload.map((item) => item.id).sort((a, b) => a - b);
  const conversationIds = (...names: string[]) => names.map((name) => conversations[name]).sort((a, b) => a - b);
  const contactIds = (...names: string[]) => names.map((name) => contacts[name]).sort((a, b) => a - b);

  it('reads assignee_type=all as no assignee filter on the list and on meta', async () => {
    const all = await account.admin.api.get('/conversations?assignee_type=all');
    expect(all.status).toBe(200);
    expect(ids(all.body.data.payload)).toEqual(conversationIds('assigned', 'unassigned'));
    expect(all.body.data).toEqual((await account.admin.api.get('/conversations')).body.data);
    const everything = await account.admin.api.get('/conversations?assignee_type=all&status=all');
    expect(ids(everything.body.data.payload)).toEqual(conversationIds('assigned', 'unassigned', 'pending'));

    const meta = await account.admin.api.get('/conversations/meta?assignee_type=all');
    expect(meta.status).toBe(200);
    expect(meta.body).toEqual((await account.admin.api.get('/conversations/meta')).body);
    expect(meta.body.meta).toMatchObject({ mine_count: 1, assigned_count: 1, unassigned_count: 1, all_count: 2 });

    expect((await account.admin.api.get('/conversations?assignee_type=everyone')).status).toBe(400);
    expect((await account.admin.api.get('/conversations/meta?assignee_type=everyone')).status).toBe(400);
  });

  it("reads page=0 (the n8n node's default) as the first page, and a page past the cap as a 400", async () => {
    const lisbon = {
      payload: [{ attribute_key: 'city', filter_operator: 'equal_to', values: ['Lisbon'], query_operator: null }],
    };
    const zero = await account.admin.api.post('/contacts/filter?page=0', lisbon);
    expect(zero.status).toBe(200);
    expect(zero.body.meta).toEqual({ count: 2, current_page: 1 });
    expect(ids(zero.body.payload)).toEqual(contactIds('lisbon_acme', 'lisbon_globex'));
    expect((await account.admin.api.get('/contacts?page=0')).body).toEqual(
      (await account.admin.api.get('/contacts?page=1')).body,
    );
    expect(ids((await account.admin.api.get('/conversations?page=0')).body.data.payload)).toEqual(
      conversationIds('assigned', 'unassigned'),
    );
    const beyond = await account.admin.api.post('/conversations/filter?page=99999999999999999999', { payload: [] });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toMatch(/^page: /);
  });

  it('reads blank query values as not given', async () => {
    const blank = await account.admin.api.get(
      '/conversations?inbox_id=&team_id=&status=&assignee_type=&labels[]=&q=&page=',
    );
    expect(blank.status).toBe(200);
    expect(blank.body).toEqual((await account.admin.api.get('/conversations')).body);
    const contactsBlank = await account.admin.api.get('/contacts?q=&page=&per_page=&sort=');
    expect(contactsBlank.status).toBe(200);
    expect(contactsBlank.body).toEqual((await account.admin.api.get('/contacts')).body);
  });

  it('ignores unknown query parameters on every GET except the reports, where a filled one is a 400 and a blank one is not given', async () => {
    const document = await gatewayClient().get<{ paths: Record<string, Record<string, unknown>> }>('/api-docs/json');
    const templates = Object.entries(document.body.paths)
      .filter(([template, methods]) => 'get' in methods && template.includes('{account_id}'))
      .map(([template]) => template);
    expect(templates.length).toBeGreaterThan(40);
    const client = gatewayClient(account.admin.token);
    for (const template of templates) {
      const path = template.replace('{account_id}', String(account.id)).replace(/\{[a-z_]+\}/g, '1');
      const plain = await client.get(path);
      const report = /^\/api\/v2\/accounts\/\{account_id\}\/(reports|csat_reports)/.test(template);
      const unknown = await client.get(`${path}?made_up=1`);
      expect({ template, status: unknown.status }).toEqual({ template, status: report ? 400 : plain.status });
      if (report) expect(unknown.body.error).toMatch(/made_up/);
      expect({ template, status: (await client.get(`${path}?made_up=`)).status }).toEqual({
        template,
        status: plain.status,
      });
    }
  });

  describe('body-less requests with Content-Type: application/json', () => {
    const json = { 'content-type': 'application/json' };

    it.each([
      ['no body', undefined],
      ['an empty body', ''],
    ])('deletes a label with %s', async (_what, rawBody) => {
      const label = await account.admin.api.post('/labels', { title: `bodiless-${Date.now()}` });
      expect(label.status).toBe(201);
      const removed = await account.admin.api.delete(`/labels/${label.body.id}`, { headers: json, rawBody });
      expect(removed.status).toBe(204);
      expect((await account.admin.api.get(`/labels/${label.body.id}`)).status).toBe(404);
    });

    it.each([
      ['no body', undefined],
      ['an empty body', ''],
    ])('toggles the status and mutes with %s', async (_what, rawBody) => {
      const created = await account.admin.api.post('/conversations', {
        inbox_id: inboxId,
        contact_id: contacts.porto_acme,
        source_id: `bodiless-${Date.now()}`,
      });
      const path = `/conversations/${created.body.id}`;
      const toggled = await account.admin.api.post(`${path}/toggle_status`, undefined, { headers: json, rawBody });
      expect(toggled.status).toBe(200);
      expect(toggled.body.payload).toMatchObject({
        success: true,
        conversation_id: created.body.id,
        current_status: 'resolved',
      });
      const muted = await account.admin.api.post(`${path}/mute`, undefined, { headers: json, rawBody });
      expect(muted.status).toBe(200);
      expect(muted.body.muted).toBe(true);
      const unmuted = await account.admin.api.post(`${path}/unmute`, undefined, { headers: json, rawBody });
      expect(unmuted.status).toBe(200);
      expect(unmuted.body.muted).toBe(false);
    });
  });

  describe('upper-case query_operator in filters', () => {
    it('joins conversation conditions with "AND" and "OR"', async () => {
      const both = await account.admin.api.post('/conversations/filter', {
        payload: [
          { attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: 'AND' },
          { attribute_key: 'assignee_id', filter_operator: 'is_present', values: [] },
        ],
      });
      expect(both.status).toBe(200);
      expect(ids(both.body.data.payload)).toEqual(conversationIds('assigned'));
      const either = await account.admin.api.post('/conversations/filter', {
        payload: [
          { attribute_key: 'status', filter_operator: 'equal_to', values: ['pending'], query_operator: 'OR' },
          { attribute_key: 'assignee_id', filter_operator: 'is_present', values: [] },
        ],
      });
      expect(either.status).toBe(200);
      expect(ids(either.body.data.payload)).toEqual(conversationIds('assigned', 'pending'));
    });

    it('joins contact conditions with "AND" and "OR"', async () => {
      const both = await account.admin.api.post('/contacts/filter', {
        payload: [
          { attribute_key: 'city', filter_operator: 'equal_to', values: ['Lisbon'], query_operator: 'AND' },
          { attribute_key: 'company_name', filter_operator: 'equal_to', values: ['acme'] },
        ],
      });
      expect(both.status).toBe(200);
      expect(ids(both.body.payload)).toEqual(contactIds('lisbon_acme'));
      const either = await account.admin.api.post('/contacts/filter', {
        payload: [
          { attribute_key: 'city', filter_operator: 'equal_to', values: ['Porto'], query_operator: 'Or' },
          { attribute_key: 'company_name', filter_operator: 'equal_to', values: ['globex'] },
        ],
      });
      expect(either.status).toBe(200);
      expect(ids(either.body.payload)).toEqual(contactIds('lisbon_globex', 'porto_acme'));
    });
  });

  it('creates a non-list custom attribute definition sent with attribute_values: [null]', async () => {
    const created = await account.admin.api.post('/custom_attribute_definitions', {
      attribute_display_name: 'Order reference',
      attribute_display_type: 'text',
      attribute_model: 'conversation_attribute',
      attribute_values: [null],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      attribute_key: 'order_reference',
      attribute_display_type: 'text',
      attribute_values: [],
    });
    const list = await account.admin.api.post('/custom_attribute_definitions', {
      attribute_display_name: 'Plan',
      attribute_display_type: 'list',
      attribute_model: 'contact_attribute',
      attribute_values: ['free', null, 'pro'],
    });
    expect(list.status).toBe(201);
    expect(list.body.attribute_values).toEqual(['free', 'pro']);
  });
});
