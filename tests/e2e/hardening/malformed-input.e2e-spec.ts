import { createTestAccount, gatewayClient, platformClient, type ApiResponse, type TestAccount } from '@parley/testing';

/**
 * Classes of malformed input a fuzzer found answered 500, sent to every operation of the
 * served OpenAPI document (so routes added later are covered without editing this file).
 */
interface Operation {
  method: string;
  template: string;
  properties: Record<string, { type?: string }>;
  takesBody: boolean;
}

type QueryParameter = { name: string; in: string; schema?: { type?: string; items?: { type?: string } } };

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: QueryParameter[]; requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }
    >
  >;
  components?: { schemas?: Record<string, { properties?: Record<string, { type?: string }> }> };
};

const BODY_METHODS = new Set(['post', 'put', 'patch']);

function operationsOf(document: OpenApi): Operation[] {
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    if (!template.startsWith('/api/v1/accounts/{account_id}')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const schemaRef = operation.requestBody?.content?.['application/json']?.schema?.$ref;
      const schema = schemaRef ? document.components?.schemas?.[schemaRef.split('/').pop()!] : undefined;
      operations.push({
        method: method.toUpperCase(),
        template,
        properties: schema?.properties ?? {},
        takesBody: BODY_METHODS.has(method),
      });
    }
  }
  return operations;
}

/** Every query parameter of every operation (any prefix) that the document types as a number, or an array of numbers. */
function numericQueryParametersOf(document: OpenApi): Array<{ method: string; template: string; name: string }> {
  const numeric = (type?: string) => type === 'integer' || type === 'number';
  return Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) =>
      (operation.parameters ?? [])
        .filter(
          (parameter) =>
            parameter.in === 'query' &&
            (numeric(parameter.schema?.type) ||
              (parameter.schema?.type === 'array' && numeric(parameter.schema.items?.type))),
        )
        .map((parameter) => ({ method: method.toUpperCase(), template, name: parameter.name })),
    ),
  );
}

/**
 * Bodies that pass their own validation, for the operations that take both a body and numeric
 * query parameters: the body is checked first, so without one the query would never be reached.
 */
const VALID_BODIES: Record<string, unknown> = {
  'POST /api/v1/accounts/{account_id}/conversations/filter': { payload: [] },
  'POST /api/v1/accounts/{account_id}/contacts/filter': { payload: [] },
  ...Object.fromEntries(
    [
      'POST /api/v1/kanban_automations',
      'PATCH /api/v1/kanban_automations/{id}',
      'PUT /api/v1/kanban_automations/{id}',
    ].map((key) => [
      key,
      {
        kanban_automation: {
          name: 'Malformed',
          funnel_id: 1,
          trigger: 'item_created',
          actions: [{ action_name: 'create_note', action_params: ['x'] }],
        },
      },
    ]),
  ),
};

function pathOf(operation: Operation, accountId: number, lastId = '1'): string {
  const params = operation.template.match(/\{[a-z_]+\}/g) ?? [];
  let path = operation.template.replace('{account_id}', String(accountId));
  for (const [index, param] of params.entries()) {
    if (param === '{account_id}') continue;
    path = path.replace(param, index === params.length - 1 ? lastId : '1');
  }
  return path;
}

function expectClientError(response: ApiResponse, what: string, statuses: number[] = [400]): void {
  const ok = statuses.includes(response.status) && typeof response.body?.error === 'string';
  if (!ok)
    throw new Error(
      `${what}: expected ${statuses.join('/')} with {"error": …}, got ${response.status} ${response.text.slice(0, 200)}`,
    );
}

describe('malformed input is refused at the edge, never answered 500', () => {
  let account: TestAccount;
  let operations: Operation[];
  let numericQueryParameters: ReturnType<typeof numericQueryParametersOf>;

  beforeAll(async () => {
    account = await createTestAccount();
    const document = await gatewayClient().get<OpenApi>('/api-docs/json');
    operations = operationsOf(document.body);
    numericQueryParameters = numericQueryParametersOf(document.body);
    expect(operations.length).toBeGreaterThan(50);
  });

  const send = (operation: Operation, path: string, rawBody?: string, headers: Record<string, string> = {}) =>
    gatewayClient(account.admin.token).request(operation.method, path, {
      rawBody,
      headers: rawBody === undefined ? headers : { 'content-type': 'application/json', ...headers },
    });

  it.each([
    ['a NUL character in a value', '{"name":"a\\u0000b","title":"a\\u0000b","content":"a\\u0000b"}', /NUL/],
    ['a NUL character in a key', '{"a\\u0000b":"x"}', /NUL/],
    ['an unpaired surrogate', '{"name":"a\\ud800b","title":"a\\ud800b","content":"a\\udc00"}', /surrogate/],
    ['JSON nested 5,000 levels deep', `${'['.repeat(5000)}${']'.repeat(5000)}`, /nests deeper/],
    ['broken JSON', '{"title": ', /JSON/],
  ])('answers 400 to %s on every body-taking operation', async (_what, rawBody, message) => {
    for (const operation of operations.filter((candidate) => candidate.takesBody)) {
      const response = await send(operation, pathOf(operation, account.id), rawBody);
      expectClientError(response, `${operation.method} ${operation.template}`);
      expect(response.body.error).toMatch(message);
    }
  });

  it('answers 400 to NUL in a query parameter on every GET', async () => {
    for (const operation of operations.filter((candidate) => candidate.method === 'GET')) {
      const response = await send(operation, `${pathOf(operation, account.id)}?q=%00`);
      expectClientError(response, `GET ${operation.template}?q=%00`);
    }
  });

  it.each(['0x1', '1e0', '1.0', '01', '%201', '-1', '2147483648', '1e20', 'abc'])(
    'refuses the path id %s on every operation that takes one',
    async (id) => {
      for (const operation of operations.filter((candidate) =>
        /\{[a-z_]*id\}$|\{[a-z_]*id\}\//.test(candidate.template.replace('{account_id}', '')),
      )) {
        const response = await send(
          operation,
          pathOf(operation, account.id, id),
          operation.takesBody ? '{}' : undefined,
        );
        expectClientError(response, `${operation.method} ${operation.template} with id ${id}`, [400, 404]);
      }
    },
  );

  it.each(['99999999999999999999', '1e400', '-1e400', 'abc', 'NaN', 'Infinity', '0x10', '1_0', '१२'])(
    'answers 400 naming the parameter to %s in every numeric query parameter of every operation',
    async (value) => {
      expect(numericQueryParameters.length).toBeGreaterThan(40);
      for (const { method, template, name } of numericQueryParameters) {
        const key = `${method} ${template}`;
        const body = VALID_BODIES[key] ?? (BODY_METHODS.has(method.toLowerCase()) ? {} : undefined);
        const operation: Operation = { method, template, properties: {}, takesBody: body !== undefined };
        const response = await send(
          operation,
          `${pathOf(operation, account.id)}?${name}=${encodeURIComponent(value)}`,
          body === undefined ? undefined : JSON.stringify(body),
        );
        expectClientError(response, `${key}?${name}=${value}`);
        if (!String(response.body.error).includes(name))
          throw new Error(`${key}?${name}=${value} answered 400 for another reason: ${response.body.error}`);
      }
    },
  );

  it('reads an empty JSON body as {} (client libraries send bodiless DELETEs and toggles with a JSON content type)', async () => {
    const label = await account.admin.api.post('/labels', { title: `empty-body-${Date.now()}` });
    expect(label.status).toBe(201);
    const removed = await account.admin.api.delete(`/labels/${label.body.id}`, {
      headers: { 'content-type': 'application/json' },
    });
    expect(removed.status).toBe(204);
    for (const operation of operations.filter((candidate) => candidate.takesBody)) {
      const response = await send(operation, pathOf(operation, account.id), '');
      if (response.status >= 500 || /Body cannot be empty/i.test(String(response.body?.error))) {
        throw new Error(
          `${operation.method} ${operation.template} with an empty body answered ${response.status} ${response.text}`,
        );
      }
    }
  });

  it.each([
    ['text/plain', 'title=x'],
    ['application/x-www-form-urlencoded', 'title=x'],
    ['application/xml', '<title>x</title>'],
  ])('answers 400 to a %s body on every operation that takes a JSON body', async (contentType, rawBody) => {
    for (const operation of operations.filter((candidate) => Object.keys(candidate.properties).length > 0)) {
      const response = await send(operation, pathOf(operation, account.id), rawBody, { 'content-type': contentType });
      expectClientError(response, `${operation.method} ${operation.template} as ${contentType}`);
    }
  });

  it('never answers 500 to a JSON body that is not valid UTF-8', async () => {
    const invalid = Buffer.concat([
      Buffer.from('{"title":"a'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('","name":"b"}'),
    ]);
    for (const operation of operations.filter((candidate) => candidate.takesBody)) {
      const response = await fetch(`${gatewayClient().baseUrl}${pathOf(operation, account.id)}`, {
        method: operation.method,
        headers: { 'content-type': 'application/json', api_access_token: account.admin.token },
        body: invalid,
      });
      const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
      if (response.status >= 500 || (response.status >= 400 && typeof body?.error !== 'string')) {
        throw new Error(`${operation.method} ${operation.template} with invalid UTF-8 answered ${response.status}`);
      }
    }
  });

  it('answers 400 naming the field to null for a required field on update', async () => {
    const label = await account.admin.api.post('/labels', { title: `null-title-${Date.now()}` });
    const response = await account.admin.api.patch(`/labels/${label.body.id}`, { title: null });
    expectClientError(response, 'PATCH label {"title": null}');
    expect(response.body.error).toMatch(/^title: /);
  });

  it('never answers 500 to null, out-of-range, fractional or mistyped values in any body field', async () => {
    const values: unknown[] = [
      null,
      2147483648,
      1e20,
      1e308,
      -1,
      0,
      1.5,
      'x',
      '',
      true,
      {},
      [],
      ['x'],
      [null],
      'x'.repeat(100_000),
      "'; DROP TABLE messaging.labels; --",
      '\u202e\ufeff',
    ];
    for (const operation of operations.filter((candidate) => candidate.takesBody)) {
      for (const property of Object.keys(operation.properties)) {
        for (const value of values) {
          const response = await send(operation, pathOf(operation, account.id), JSON.stringify({ [property]: value }));
          if (response.status >= 500 || (response.status >= 400 && typeof response.body?.error !== 'string')) {
            throw new Error(
              `${operation.method} ${operation.template} {${property}: ${JSON.stringify(value).slice(0, 40)}} answered ${response.status} ${response.text.slice(0, 200)}`,
            );
          }
        }
      }
    }
  });

  it.each([
    [
      'no boundary',
      'multipart/form-data',
      '--x\r\nContent-Disposition: form-data; name="content"\r\n\r\nhi\r\n--x--\r\n',
    ],
    [
      'an unterminated body',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="content"\r\n\r\nhi',
    ],
    [
      'a boundary that never appears',
      'multipart/form-data; boundary=y',
      '--x\r\nContent-Disposition: form-data; name="content"\r\n\r\nhi\r\n--x--\r\n',
    ],
  ])('answers 400 to multipart with %s on message create and contact import', async (_what, contentType, rawBody) => {
    const inbox = await account.admin.api.post('/inboxes', { name: 'Multipart', channel: { type: 'api' } });
    const contact = await account.admin.api.post('/contacts', { name: 'Multipart', inbox_id: inbox.body.id });
    expect(contact.status).toBe(201);
    const conversation = await account.admin.api.post('/conversations', {
      inbox_id: inbox.body.id,
      contact_id: contact.body.payload.contact.id,
      source_id: contact.body.payload.contact_inbox.source_id,
    });
    expect(conversation.status).toBe(201);
    const message = await account.admin.api.post(`/conversations/${conversation.body.id}/messages`, undefined, {
      rawBody,
      headers: { 'content-type': contentType },
    });
    expectClientError(message, 'multipart message create');
    const upload = await account.admin.api.post('/contacts/import', undefined, {
      rawBody,
      headers: { 'content-type': contentType },
    });
    expectClientError(upload, 'multipart contact import');
  });

  it('never answers 500 to mistyped, negative, huge or unknown query parameters on any GET', async () => {
    const query =
      '?page=abc&per_page=-1&sort=%27%3BDROP%20TABLE&status=unknown&assignee_type=nope&labels[]=%00x&before=1e308&after=-5&include=everything&q=' +
      'x'.repeat(5000);
    for (const operation of operations.filter((candidate) => candidate.method === 'GET')) {
      const response = await send(operation, `${pathOf(operation, account.id)}${query}`);
      if (response.status >= 500 || (response.status >= 400 && typeof response.body?.error !== 'string')) {
        throw new Error(
          `GET ${operation.template} with hostile query parameters answered ${response.status} ${response.text.slice(0, 200)}`,
        );
      }
    }
  });

  it('refuses malformed input on the platform bots, the sign-in link and the survey page, never with a 500', async () => {
    const platform = platformClient();
    const json = { 'content-type': 'application/json' };
    for (const [method, path] of [
      ['POST', '/platform/api/v1/agent_bots'],
      ['PATCH', '/platform/api/v1/agent_bots/1'],
    ]) {
      for (const rawBody of [
        '{"name":"a\\u0000b"}',
        '{"name":"a\\ud800b"}',
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
        '{"name": ',
        '{"name": null}',
        '{"name": ["x"], "outgoing_url": {}}',
      ]) {
        const response = await platform.request(method, path, { rawBody, headers: json });
        expectClientError(response, `${method} ${path} ${rawBody.slice(0, 30)}`);
      }
    }
    for (const id of ['0x1', '1.0', '-1', '2147483648', '1e20', 'abc']) {
      for (const path of [`/platform/api/v1/agent_bots/${id}`, `/platform/api/v1/users/${id}/login`]) {
        expectClientError(await platform.get(path), `GET ${path}`, [400, 404]);
      }
    }
    // (A path past the router's length limit is answered 414 before any route.)
    for (const token of ['%00', '%ff%fe', 'x'.repeat(5000), '..%2F..%2Fapi', '%20', "'%3B--"]) {
      const sso = await gatewayClient().get(`/auth/sso/${token}`);
      expectClientError(sso, `GET /auth/sso/${token.slice(0, 20)}`, [400, 401, 414]);
      const page = await gatewayClient().get(`/survey/responses/${token}`);
      expectClientError(page, `GET /survey/responses/${token.slice(0, 20)}`, [400, 404, 414]);
    }
  });

  it("answers 400 to oversized multipart: a file over its type's limit, and too many files", async () => {
    const inbox = await account.admin.api.post('/inboxes', { name: 'Oversized', channel: { type: 'api' } });
    const contact = await account.admin.api.post('/contacts', { name: 'Oversized', inbox_id: inbox.body.id });
    const conversation = await account.admin.api.post('/conversations', {
      inbox_id: inbox.body.id,
      contact_id: contact.body.payload.contact.id,
      source_id: contact.body.payload.contact_inbox.source_id,
    });
    const post = (form: FormData) =>
      fetch(`${gatewayClient().baseUrl}/api/v1/accounts/${account.id}/conversations/${conversation.body.id}/messages`, {
        method: 'POST',
        headers: { api_access_token: account.admin.token },
        body: form,
      });
    const big = new FormData();
    big.append('content', 'too big');
    big.append('attachments[]', new Blob([Buffer.alloc(6 * 1024 * 1024, 1)], { type: 'image/png' }), 'big.png');
    const tooBig = await post(big);
    expect(tooBig.status).toBe(400);
    expect(((await tooBig.json()) as { error: string }).error).toMatch(/larger than/);
    const many = new FormData();
    many.append('content', 'too many');
    for (let index = 0; index < 11; index++)
      many.append('attachments[]', new Blob([Buffer.from('x')], { type: 'text/plain' }), `f${index}.txt`);
    const tooMany = await post(many);
    expect(tooMany.status).toBe(400);
    expect(typeof ((await tooMany.json()) as { error: unknown }).error).toBe('string');
  });
});
