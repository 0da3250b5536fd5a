import {
  createTestAccount,
  createWebhookEndpoint,
  eventually,
  gatewayClient,
  type ApiResponse,
  type TestAccount,
} from '@parley/testing';

/**
 * Every page parameter of the served OpenAPI document reads alike: `page` ≤ 0 (the n8n node
 * sends `page=0`) is the first page, a page past the last but within the cap (100,000) is an
 * empty page, above the cap or not a number is a 400. A paginated route added without a row
 * below fails the first test.
 */
type OpenApi = {
  paths: Record<
    string,
    Record<string, { parameters?: Array<{ name: string; in: string; schema?: { type?: string } }> }>
  >;
};

const PAGE_PARAMETERS = new Set(['page', 'stage_page']);

interface Row {
  /** The request, without the page parameter; `?` already in it when it has a query. */
  path: string;
  body?: unknown;
  /** The listed items, empty past the last page (absent where the parameter pages nothing, e.g. counts). */
  items?: (body: any) => unknown[];
  /** The account holds something this row lists, so its first page is not empty. */
  filled?: boolean;
}

describe('compatibility: page parameters on every paginated endpoint', () => {
  let account: TestAccount;
  let documented: string[];
  let documentedTypes: Record<string, string | undefined>;
  const rows: Record<string, Row> = {};

  beforeAll(async () => {
    account = await createTestAccount();
    const api = account.admin.api;
    const document = await gatewayClient().get<OpenApi>('/api-docs/json');
    documentedTypes = Object.fromEntries(
      Object.entries(document.body.paths).flatMap(([template, methods]) =>
        Object.entries(methods).flatMap(([method, operation]) =>
          (operation.parameters ?? [])
            .filter((parameter) => parameter.in === 'query' && PAGE_PARAMETERS.has(parameter.name))
            .map((parameter) => [`${method.toUpperCase()} ${template} ${parameter.name}`, parameter.schema?.type]),
        ),
      ),
    );
    documented = Object.keys(documentedTypes);

    const inbox = (
      await api.post('/inboxes', { name: 'Pages', channel: { type: 'api' }, enable_auto_assignment: false })
    ).body;
    const widget = (
      await api.post('/inboxes', {
        name: 'Pages widget',
        channel: { type: 'web_widget', website_url: 'https://example.com' },
      })
    ).body;
    // TODO(read-your-writes): contacts learns inboxes from events; drop the poll once a miss asks messaging.
    const contact = await eventually(async () => {
      const created = await api.post('/contacts', { inbox_id: inbox.id, name: 'Paged Person' });
      expect(created.status).toBe(201);
      return created.body.payload;
    });
    expect(
      (
        await api.post('/conversations', {
          inbox_id: inbox.id,
          contact_id: contact.contact.id,
          source_id: contact.contact_inbox.source_id,
        })
      ).status,
    ).toBe(201);
    const webhook = (
      await api.post('/webhooks', { url: (await createWebhookEndpoint()).url, subscriptions: ['conversation_created'] })
    ).body;
    const rule = (
      await api.post('/automation_rules', {
        name: 'Pages rule',
        event_name: 'message_created',
        conditions: [{ attribute_key: 'content', filter_operator: 'contains', values: ['x'], query_operator: null }],
        actions: [{ action_name: 'change_priority', action_params: ['high'] }],
      })
    ).body.payload;
    // TODO(read-your-writes): campaigns learns inboxes from events.
    const campaign = await eventually(async () => {
      const created = await api.post('/campaigns', {
        title: 'Pages campaign',
        message: 'Hi',
        inbox_id: widget.id,
        campaign_type: 'ongoing',
        trigger_rules: { url: 'https://example.com', time_on_page: 5 },
      });
      expect(created.status).toBe(201);
      return created.body;
    });
    const funnel = (
      await api.post('/funnels', {
        funnel: { name: 'Pages funnel', stages: { lead: { name: 'Lead', color: '#111111', position: 1 } } },
      })
    ).body;
    expect(
      (
        await api.post('/kanban_items', {
          kanban_item: { funnel_id: funnel.id, item_details: { title: 'Paged card' } },
        })
      ).status,
    ).toBe(201);
    for (const made of [webhook, rule, campaign, funnel]) expect(made?.id).toEqual(expect.any(Number));

    const v1 = `/api/v1/accounts/${account.id}`;
    const v2 = `/api/v2/accounts/${account.id}`;
    const payload = (body: any) => body.payload;
    const filter = { payload: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['open'] }] };
    const contactFilter = { payload: [{ attribute_key: 'name', filter_operator: 'contains', values: ['Paged'] }] };
    Object.assign(rows, {
      'GET /api/v1/accounts/{account_id}/conversations page': {
        path: `${v1}/conversations?`,
        items: (body: any) => body.data.payload,
        filled: true,
      },
      'GET /api/v1/accounts/{account_id}/conversations/meta page': { path: `${v1}/conversations/meta?` },
      'POST /api/v1/accounts/{account_id}/conversations/filter page': {
        path: `${v1}/conversations/filter?`,
        body: filter,
        items: (body: any) => body.data.payload,
        filled: true,
      },
      'GET /api/v1/accounts/{account_id}/contacts page': { path: `${v1}/contacts?`, items: payload, filled: true },
      'GET /api/v1/accounts/{account_id}/contacts/search page': {
        path: `${v1}/contacts/search?q=Paged&`,
        items: payload,
        filled: true,
      },
      'POST /api/v1/accounts/{account_id}/contacts/filter page': {
        path: `${v1}/contacts/filter?`,
        body: contactFilter,
        items: payload,
        filled: true,
      },
      'GET /api/v1/accounts/{account_id}/webhooks/{id}/deliveries page': {
        path: `${v1}/webhooks/${webhook.id}/deliveries?`,
        items: payload,
      },
      'GET /api/v1/accounts/{account_id}/automation_rules/{id}/runs page': {
        path: `${v1}/automation_rules/${rule.id}/runs?`,
        items: payload,
      },
      'GET /api/v1/accounts/{account_id}/campaigns/{id}/sends page': {
        path: `${v1}/campaigns/${campaign.id}/sends?`,
        items: payload,
      },
      'GET /api/v2/accounts/{account_id}/csat_reports page': {
        path: `${v2}/csat_reports?`,
        items: (body: any) => body.csat_survey_responses,
      },
      'GET /api/v1/accounts/{account_id}/funnels/{funnel_id}/kanban_items page': {
        path: `${v1}/funnels/${funnel.id}/kanban_items?`,
        items: payload,
        filled: true,
      },
      'GET /api/v1/accounts/{account_id}/kanban_items page': {
        path: `${v1}/kanban_items?`,
        items: payload,
        filled: true,
      },
      // The board pages each stage (stage_page); `page`, shared with the list's query, narrows nothing there.
      'GET /api/v1/accounts/{account_id}/kanban_items/batch page': {
        path: `${v1}/kanban_items/batch?funnel_id=${funnel.id}&`,
      },
      'GET /api/v1/accounts/{account_id}/kanban_items/batch stage_page': {
        path: `${v1}/kanban_items/batch?funnel_id=${funnel.id}&`,
        items: (body: any) => body.data.payload,
        filled: true,
      },
      'GET /api/v1/accounts/{account_id}/kanban_items/search page': {
        path: `${v1}/kanban_items/search?query=Paged&`,
        items: payload,
        filled: true,
      },
      'GET /api/v1/accounts/{account_id}/kanban_items/filter page': {
        path: `${v1}/kanban_items/filter?`,
        items: payload,
        filled: true,
      },
    });
  });

  const call = (row: Row, parameter: string, value: string): Promise<ApiResponse> =>
    gatewayClient(account.admin.token).request(
      row.body === undefined ? 'GET' : 'POST',
      `${row.path}${parameter}=${value}`,
      {
        rawBody: row.body === undefined ? undefined : JSON.stringify(row.body),
        headers: row.body === undefined ? {} : { 'content-type': 'application/json' },
      },
    );

  const each = async (check: (key: string, row: Row, parameter: string) => Promise<void>) => {
    for (const key of documented) await check(key, rows[key], key.split(' ')[2]);
  };

  it('has a row for every documented page parameter, and none for one the document lacks', () => {
    expect(Object.keys(rows).sort()).toEqual([...documented].sort());
  });

  it('documents every page parameter as an integer (the malformed-input suite sends bad numbers to every numeric one)', () => {
    expect(Object.entries(documentedTypes).filter(([, type]) => type !== 'integer')).toEqual([]);
  });

  it('reads 0 and negative pages as the first page', async () => {
    await each(async (key, row, parameter) => {
      const first = await call(row, parameter, '1');
      if (first.status !== 200) throw new Error(`${key}=1 answered ${first.status} ${first.text.slice(0, 200)}`);
      for (const value of ['0', '-1', '-99999999999999999999']) {
        const response = await call(row, parameter, value);
        if (response.status !== 200)
          throw new Error(`${key}=${value} answered ${response.status} ${response.text.slice(0, 200)}`);
        expect({ key, value, body: response.body }).toEqual({ key, value, body: first.body });
      }
    });
  });

  it('answers an empty page past the last one, up to the cap', async () => {
    await each(async (key, row, parameter) => {
      if (row.filled && row.items?.((await call(row, parameter, '1')).body).length === 0)
        throw new Error(`${key}=1 lists nothing, so an empty page past the last would prove nothing`);
      const response = await call(row, parameter, '100000');
      if (response.status !== 200)
        throw new Error(`${key}=100000 answered ${response.status} ${response.text.slice(0, 200)}`);
      if (row.items) expect({ key, items: row.items(response.body) }).toEqual({ key, items: [] });
    });
  });

  it('answers 400 to a page above the cap or not a whole number', async () => {
    await each(async (key, row, parameter) => {
      for (const value of ['100001', '99999999999999999999', 'abc', '1.5', '1e3', '0x10']) {
        const response = await call(row, parameter, value);
        if (response.status !== 400 || typeof response.body?.error !== 'string')
          throw new Error(`${key}=${value} answered ${response.status} ${response.text.slice(0, 200)}`);
      }
    });
  });

  it("reads a filter body's page 0 as the first page", async () => {
    const api = account.admin.api;
    const first = await api.post('/contacts/filter', {
      payload: [{ attribute_key: 'name', filter_operator: 'contains', values: ['Paged'] }],
      page: 1,
    });
    const zero = await api.post('/contacts/filter', {
      payload: [{ attribute_key: 'name', filter_operator: 'contains', values: ['Paged'] }],
      page: 0,
    });
    expect(zero.status).toBe(200);
    expect(zero.body).toEqual(first.body);
    expect(zero.body.meta.current_page).toBe(1);
    expect(zero.body.payload).toHaveLength(1);
  });
});
