import { createTestAccount, type TestAccount } from '@parley/testing';

describe('finding contacts', () => {
  let account: TestAccount;
  let inbox: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    account = await createTestAccount();
    inbox = (await account.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id;
    await account.admin.api.post('/custom_attribute_definitions', {
      attribute_display_name: 'Score',
      attribute_display_type: 'number',
      attribute_model: 1,
    });
    const people: Array<[string, Record<string, unknown>]> = [
      [
        'ana',
        {
          name: 'Ana Souza',
          email: 'ana@acme.com',
          phone_number: '+5511900000001',
          additional_attributes: { country_code: 'BR', city: 'São Paulo', company_name: 'Acme' },
          custom_attributes: { score: 90 },
        },
      ],
      [
        'bruno',
        {
          name: 'Bruno Lima',
          email: 'bruno@globex.com',
          phone_number: '+5511900000002',
          additional_attributes: { country_code: 'BR', city: 'Rio' },
          custom_attributes: { score: 40 },
        },
      ],
      [
        'carla',
        {
          name: 'carla',
          email: 'carla@acme.com',
          identifier: 'crm-carla',
          additional_attributes: { country_code: 'PT', city: 'Lisbon', company_name: 'Acme' },
        },
      ],
      ['dan', { name: null, email: 'dan@initech.com' }],
    ];
    for (const [key, body] of people) {
      const response = await account.admin.api.post('/contacts', { inbox_id: inbox, ...body });
      expect(response.status).toBe(201);
      ids[key] = response.body.payload.contact.id;
    }
    await account.admin.api.post(`/contacts/${ids.ana}/labels`, { labels: ['vip'] });
    await account.admin.api.post(`/contacts/${ids.carla}/labels`, { labels: ['vip', 'lead'] });
    await account.admin.api.post(`/contacts/${ids.bruno}/block`);
  });

  const names = (payload: Array<{ id: number }>) =>
    payload.map((contact) => Object.keys(ids).find((key) => ids[key] === contact.id));

  it('lists 15 per page with the count, newest first', async () => {
    const page = await account.admin.api.get('/contacts');
    expect(page.status).toBe(200);
    expect(page.body.meta).toEqual({ count: 4, current_page: 1 });
    expect(names(page.body.payload)).toEqual(['dan', 'carla', 'bruno', 'ana']);
    const small = await account.admin.api.get('/contacts?per_page=2&page=2');
    expect(names(small.body.payload)).toEqual(['bruno', 'ana']);
    expect((await account.admin.api.get('/contacts?per_page=500')).status).toBe(400);
  });

  it('sorts by the allowed fields, descending with -, missing values last', async () => {
    expect(names((await account.admin.api.get('/contacts?sort=name')).body.payload)).toEqual([
      'ana',
      'bruno',
      'carla',
      'dan',
    ]);
    expect(names((await account.admin.api.get('/contacts?sort=-name')).body.payload)).toEqual([
      'carla',
      'bruno',
      'ana',
      'dan',
    ]);
    // Contacts without a phone come last, whatever the direction.
    expect(names((await account.admin.api.get('/contacts?sort=phone_number')).body.payload).slice(0, 2)).toEqual([
      'ana',
      'bruno',
    ]);
    expect(names((await account.admin.api.get('/contacts?sort=-phone_number')).body.payload).slice(0, 2)).toEqual([
      'bruno',
      'ana',
    ]);
    const bad = await account.admin.api.get('/contacts?sort=age');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('sort: must be one of name, phone_number, email, created_at, last_activity_at');
  });

  it('matches q anywhere in name, e-mail, phone or identifier', async () => {
    expect(names((await account.admin.api.get('/contacts?q=acme')).body.payload).sort()).toEqual(['ana', 'carla']);
    expect(names((await account.admin.api.get('/contacts?q=900000002')).body.payload)).toEqual(['bruno']);
    expect(names((await account.admin.api.get('/contacts?q=crm-car')).body.payload)).toEqual(['carla']);
  });

  it('gives list, search and filter items their inbox links unless include_contact_inboxes is false', async () => {
    const shownInbox = (await account.admin.api.get(`/inboxes/${inbox}`)).body;
    delete shownInbox.secret;
    delete shownInbox.hmac_token;
    const links = [{ source_id: expect.any(String), inbox: shownInbox }];
    const filterDan = [{ attribute_key: 'email', filter_operator: 'equal_to', values: ['dan@initech.com'] }];
    for (const found of [
      await account.admin.api.get('/contacts?q=dan'),
      await account.admin.api.get('/contacts?q=dan&include_contact_inboxes=true'),
      await account.admin.api.get('/contacts/search?q=dan'),
      await account.admin.api.post('/contacts/filter', { payload: filterDan }),
    ]) {
      expect(found.status).toBe(200);
      expect(found.body.payload).toEqual([expect.objectContaining({ id: ids.dan, contact_inboxes: links })]);
    }
    for (const found of [
      await account.admin.api.get('/contacts?q=dan&include_contact_inboxes=false'),
      await account.admin.api.get('/contacts/search?q=dan&include_contact_inboxes=false'),
      await account.admin.api.post('/contacts/filter?include_contact_inboxes=false', { payload: filterDan }),
    ]) {
      expect(found.status).toBe(200);
      expect(found.body.payload).toHaveLength(1);
      expect(found.body.payload[0]).not.toHaveProperty('contact_inboxes');
    }
    expect((await account.admin.api.get('/contacts?include_contact_inboxes=maybe')).status).toBe(400);
  });

  it('searches word prefixes on the index', async () => {
    const found = await account.admin.api.get('/contacts/search?q=sou');
    expect(found.status).toBe(200);
    expect(names(found.body.payload)).toEqual(['ana']);
    expect(found.body.meta).toEqual({ count: 1, current_page: 1, has_more: false });
    expect(names((await account.admin.api.get('/contacts/search?q=acme')).body.payload).sort()).toEqual([
      'ana',
      'carla',
    ]);
    expect(names((await account.admin.api.get('/contacts/search?q=bruno@globex.com')).body.payload)).toEqual(['bruno']);
    expect((await account.admin.api.get('/contacts/search?q=zzz')).body.payload).toEqual([]);
    expect((await account.admin.api.get('/contacts/search')).status).toBe(400);
    const withConversations = await account.admin.api.get('/contacts/search?q=ana&include=conversations');
    expect(withConversations.body.payload[0].conversations).toEqual([]);
  });

  const filter = (payload: unknown[]) => account.admin.api.post('/contacts/filter', { payload });

  it('filters with AND binding tighter than OR over standard and custom attributes', async () => {
    // country_code = PT OR (company_name = Acme AND score > 50)
    const response = await filter([
      { attribute_key: 'country_code', filter_operator: 'equal_to', values: ['PT'], query_operator: 'or' },
      { attribute_key: 'company_name', filter_operator: 'equal_to', values: ['acme'], query_operator: 'and' },
      { attribute_key: 'custom_attributes.score', filter_operator: 'greater_than', values: [50] },
    ]);
    expect(response.status).toBe(200);
    expect(names(response.body.payload).sort()).toEqual(['ana', 'carla']);
    expect(response.body.meta.count).toBe(2);
    expect(
      names((await filter([{ attribute_key: 'blocked', filter_operator: 'equal_to', values: [true] }])).body.payload),
    ).toEqual(['bruno']);
    expect(
      names((await filter([{ attribute_key: 'labels', filter_operator: 'contains', values: ['lead'] }])).body.payload),
    ).toEqual(['carla']);
    expect(
      names((await filter([{ attribute_key: 'city', filter_operator: 'starts_with', values: ['lis'] }])).body.payload),
    ).toEqual(['carla']);
    expect(
      names((await filter([{ attribute_key: 'name', filter_operator: 'is_not_present', values: [] }])).body.payload),
    ).toEqual(['dan']);
    const recent = await filter([
      {
        attribute_key: 'created_at',
        filter_operator: 'is_greater_than',
        values: [Math.floor(Date.now() / 1000) - 3600],
      },
    ]);
    expect(recent.body.meta.count).toBe(4);
  });

  it.each([
    [[{ attribute_key: 'shoe_size', filter_operator: 'equal_to', values: [42] }], 'shoe_size'],
    [[{ attribute_key: 'email', filter_operator: 'greater_than', values: ['a'] }], 'greater_than'],
    [
      [{ attribute_key: 'custom_attributes.score', filter_operator: 'less_than', values: ['low'] }],
      '"low" is not a number',
    ],
    [[{ attribute_key: 'last_activity_at', filter_operator: 'is_less_than', values: ['yesterday'] }], 'is not a date'],
  ])('refuses the filter %j with 422 naming %s', async (payload, name) => {
    const response = await filter(payload);
    expect(response.status).toBe(422);
    expect(response.body.error).toContain(name);
  });
});
