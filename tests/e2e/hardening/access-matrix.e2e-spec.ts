import {
  createTestAccount,
  createWebhookEndpoint,
  eventually,
  gatewayClient,
  readE2eState,
  type ApiClient,
  type ApiResponse,
  type TestAccount,
  type TestUser,
} from '@parley/testing';
import { Client } from 'pg';
import { randomBytes } from 'node:crypto';
import { ACCESS_RULES, type AccessRule } from './access-rules';

/**
 * The access matrix over every operation the gateway serves (from its OpenAPI document):
 * no token → 401; another account's token on this account's path → 403; this account's token
 * on another account's resource ids → 404 (and nothing of the other account in the body);
 * an agent on administrator areas → 403; an agent on conversations of inboxes they are not a
 * member of → 403/404.
 */
interface Operation {
  method: string;
  template: string;
  rule: AccessRule;
  takesBody: boolean;
  /** The security requirement the document states. */
  security: unknown;
}

const MARK = `zq${randomBytes(4).toString('hex')}`;

describe('access matrix', () => {
  let operations: Operation[];
  let home: TestAccount;
  let other: TestAccount;
  let agent: TestUser;
  /** Ids in the home account: the agent's inbox, another inbox and a conversation in it. */
  const mine: Record<string, number> = {};
  /** Ids of the other account's resources, keyed by the path segment naming them. */
  const theirs: Record<string, number> = {};

  beforeAll(async () => {
    const document = await gatewayClient().get<{
      paths: Record<string, Record<string, { requestBody?: unknown; security?: unknown }>>;
    }>('/api-docs/json');
    operations = Object.entries(document.body.paths).flatMap(([template, methods]) =>
      Object.entries(methods).map(([method, described]) => {
        const key = `${method.toUpperCase()} ${template}`;
        return {
          method: method.toUpperCase(),
          template,
          rule: ACCESS_RULES[key],
          takesBody: described.requestBody !== undefined,
          security: described.security,
        };
      }),
    );
    [home, other] = [await createTestAccount(), await createTestAccount(`Other ${MARK}`)];
    agent = await home.addUser('agent');

    const homeApi = home.admin.api;
    mine.agentInbox = (await homeApi.post('/inboxes', { name: 'Agent inbox', channel: { type: 'api' } })).body.id;
    mine.otherInbox = (
      await homeApi.post('/inboxes', { name: 'Not the agent inbox', channel: { type: 'api' } })
    ).body.id;
    await homeApi.post(`/inboxes/${mine.agentInbox}/inbox_members`, { user_ids: [agent.id] });
    mine.contact = (
      await eventually(async () =>
        ok(await homeApi.post('/contacts', { name: 'Home contact', inbox_id: mine.otherInbox })),
      )
    ).body.payload.contact.id;
    mine.conversation = (
      await eventually(async () =>
        ok(
          await homeApi.post('/conversations', {
            inbox_id: mine.otherInbox,
            contact_id: mine.contact,
            source_id: 'home-1',
          }),
        ),
      )
    ).body.id;

    // One resource of each kind in the other account, every name carrying MARK.
    const api = other.admin.api;
    const otherAgent = await other.addUser('agent', `Agent ${MARK}`);
    theirs.agents = otherAgent.id;
    theirs.teams = (await api.post('/teams', { name: `team ${MARK}` })).body.id;
    theirs.inboxes = (await api.post('/inboxes', { name: `inbox ${MARK}`, channel: { type: 'api' } })).body.id;
    theirs.inbox_members = theirs.inboxes;
    theirs.agent_bots = (await api.post('/agent_bots', { name: `bot ${MARK}` })).body.id;
    theirs.labels = (await api.post('/labels', { title: `label-${MARK}` })).body.id;
    theirs.custom_filters = (
      await api.post('/custom_filters', {
        name: `filter ${MARK}`,
        filter_type: 'conversation',
        query: { payload: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['open'] }] },
      })
    ).body.id;
    theirs.custom_attribute_definitions = (
      await api.post('/custom_attribute_definitions', {
        attribute_display_name: `attr ${MARK}`,
        attribute_display_type: 'text',
        attribute_model: 'contact_attribute',
      })
    ).body.id;
    theirs.canned_responses = (
      await api.post('/canned_responses', { short_code: `code-${MARK}`, content: `content ${MARK}` })
    ).body.id;
    theirs.webhooks = (
      await api.post('/webhooks', { url: (await createWebhookEndpoint()).url, subscriptions: ['conversation_created'] })
    ).body.id;
    theirs.contacts = (
      await eventually(async () =>
        ok(await api.post('/contacts', { name: `contact ${MARK}`, inbox_id: theirs.inboxes })),
      )
    ).body.payload.contact.id;
    theirs.notes = (await api.post(`/contacts/${theirs.contacts}/notes`, { content: `note ${MARK}` })).body.id;
    // Conversation numbers are per account: the other account's third one has no twin here.
    for (let index = 0; index < 3; index++) {
      theirs.conversations = (
        await eventually(async () =>
          ok(
            await api.post('/conversations', {
              inbox_id: theirs.inboxes,
              contact_id: theirs.contacts,
              source_id: `s-${index}`,
            }),
          ),
        )
      ).body.id;
    }
    theirs.messages = (
      await api.post(`/conversations/${theirs.conversations}/messages`, { content: `message ${MARK}` })
    ).body.id;
    theirs.automation_rules = (
      await api.post('/automation_rules', {
        name: `rule ${MARK}`,
        event_name: 'message_created',
        conditions: [{ attribute_key: 'content', filter_operator: 'contains', values: [MARK], query_operator: null }],
        actions: [{ action_name: 'change_priority', action_params: ['high'] }],
      })
    ).body.payload.id;
    await api.post(`/contacts/${theirs.contacts}/labels`, { labels: [`label-${MARK}`] });
    theirs.campaigns = (
      await api.post('/campaigns', {
        title: `campaign ${MARK}`,
        message: 'Hi',
        inbox_id: theirs.inboxes,
        audience: [{ type: 'Label', id: theirs.labels }],
        status: 'draft',
      })
    ).body.id;
    theirs.macros = (
      await api.post('/macros', {
        name: `macro ${MARK}`,
        visibility: 'global',
        actions: [{ action_name: 'change_priority', action_params: ['low'] }],
      })
    ).body.id;
    const form = new FormData();
    form.append(
      'import_file',
      new Blob([`name,email\nImported ${MARK},imported-${MARK}@example.com\n`], { type: 'text/csv' }),
      'contacts.csv',
    );
    const upload = await fetch(`${api.baseUrl}/contacts/import`, {
      method: 'POST',
      headers: { api_access_token: other.admin.token },
      body: form,
    });
    theirs.imports = ((await upload.json()) as { id: number }).id;
    // Kanban: stage ids are strings; this one is numeric so it can stand in the id table.
    theirs.stages = 4_000_000 + Math.floor(Math.random() * 1_000_000);
    theirs.funnels = (
      await api.post('/funnels', {
        funnel: {
          name: `funnel ${MARK}`,
          stages: { [theirs.stages]: { name: `stage ${MARK}`, color: '#123456', position: 1 } },
        },
      })
    ).body.id;
    theirs.kanban_items = (
      await api.post('/kanban_items', {
        kanban_item: { funnel_id: theirs.funnels, item_details: { title: `card ${MARK}` } },
      })
    ).body.id;
    theirs.items = theirs.kanban_items;
    const attachment = new FormData();
    attachment.append('attachment', new Blob([`%PDF-1.7 ${MARK}`]), `file-${MARK}.pdf`);
    theirs.attachments = (
      await api.post(`/kanban/items/${theirs.items}/attachments`, undefined, { form: attachment })
    ).body.id;
    const note = (await api.post(`/kanban_items/${theirs.items}/create_note`, { text: `note ${MARK}` })).body.id;
    const noteAttachment = new FormData();
    noteAttachment.append('note_id', String(note));
    noteAttachment.append('attachment', new Blob([`%PDF-1.7 ${MARK}`]), `note-${MARK}.pdf`);
    theirs.note_attachments = (
      await api.post(`/kanban/items/${theirs.items}/note_attachments`, undefined, { form: noteAttachment })
    ).body.id;
    theirs.automations = (
      await api.post('/kanban/automations', {
        kanban_automation: {
          name: `automation ${MARK}`,
          funnel_id: theirs.funnels,
          trigger: 'item_created',
          actions: [{ action_name: 'create_note', action_params: [`note ${MARK}`] }],
        },
      })
    ).body.id;
    for (const [kind, id] of Object.entries(theirs)) expect([kind, id]).toEqual([kind, expect.any(Number)]);
  }, 120_000);

  function ok(response: ApiResponse): ApiResponse {
    expect(response.status).toBeLessThan(300);
    return response;
  }

  /** The concrete path: account ids, then each id parameter from `ids` (by the segment before it). */
  function pathFor(operation: Operation, accountId: number, ids: (segment: string, param: string) => number): string {
    const segments = operation.template.split('/');
    return segments
      .map((segment, index) => {
        if (segment === '{account_id}') return String(accountId);
        const param = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (!param) return segment;
        return String(ids(segments[index - 1], param));
      })
      .join('/');
  }

  const homeIds = (segment: string): number =>
    segment === 'conversations'
      ? mine.conversation
      : segment === 'contacts'
        ? mine.contact
        : segment === 'inboxes' || segment === 'inbox_members'
          ? mine.otherInbox
          : 1;

  function send(client: ApiClient, operation: Operation, path: string): Promise<ApiResponse> {
    return client.request(operation.method, path, operation.takesBody ? { body: {} } : {});
  }

  function expectStatus(response: ApiResponse, statuses: number[], what: string): void {
    if (!statuses.includes(response.status) || typeof response.body?.error !== 'string') {
      throw new Error(
        `${what}: expected ${statuses.join('/')} with {"error": …}, got ${response.status} ${response.text.slice(0, 200)}`,
      );
    }
  }

  it('has a rule for every operation the gateway serves, and no rule for an operation it does not', () => {
    const unruled = operations
      .filter((operation) => !operation.rule)
      .map((operation) => `${operation.method} ${operation.template}`);
    expect(unruled).toEqual([]);
    const served = new Set(operations.map((operation) => `${operation.method} ${operation.template}`));
    expect(Object.keys(ACCESS_RULES).filter((key) => !served.has(key))).toEqual([]);
  });

  it('documents for every operation the token its rule asks for (what a generated client sends)', () => {
    const securityOf = (rule: AccessRule) =>
      ['public', 'signed'].includes(rule)
        ? []
        : [{ [rule === 'platform' ? 'platform_api_token' : 'api_access_token']: [] }];
    const wrong = operations
      .filter((operation) => JSON.stringify(operation.security) !== JSON.stringify(securityOf(operation.rule)))
      .map((operation) => `${operation.method} ${operation.template}: ${JSON.stringify(operation.security)}`);
    expect(wrong).toEqual([]);
  });

  it('answers 401 without a token on every operation that needs one', async () => {
    for (const operation of operations.filter((candidate) => !['public', 'signed'].includes(candidate.rule))) {
      const response = await send(gatewayClient(), operation, pathFor(operation, home.id, homeIds));
      expectStatus(response, [401], `${operation.method} ${operation.template} without a token`);
    }
  });

  it("answers 403 to another account's token on this account's paths", async () => {
    for (const operation of operations.filter((candidate) => ['member', 'admin', 'inbox'].includes(candidate.rule))) {
      const response = await send(gatewayClient(other.admin.token), operation, pathFor(operation, home.id, homeIds));
      expectStatus(response, [403], `${operation.method} ${operation.template} with another account's token`);
      expect(response.text).not.toContain(MARK);
    }
  });

  it("answers 404 to this account's token on another account's resource ids, showing nothing of them", async () => {
    const client = gatewayClient(home.admin.token);
    const withIds = operations.filter(
      (candidate) =>
        ['member', 'admin', 'inbox'].includes(candidate.rule) && /\/\{(?!account_id)\w+\}/.test(candidate.template),
    );
    expect(withIds.length).toBeGreaterThan(40);
    for (const operation of withIds) {
      const path = pathFor(operation, home.id, (segment) => {
        const id = theirs[segment];
        if (id === undefined)
          throw new Error(
            `No resource of the other account for /${segment}/{…} in ${operation.template}: add one to the setup`,
          );
        return id;
      });
      const response = await send(client, operation, path);
      // A body route may refuse the empty body before looking the id up; it must never act on it.
      expectStatus(
        response,
        operation.takesBody ? [400, 404, 422] : [404],
        `${operation.method} ${path} (the other account's ids)`,
      );
      expect(response.text).not.toContain(MARK);
    }
    // Nothing of the other account was changed or removed by those calls.
    const api = other.admin.api;
    expect((await api.get(`/labels/${theirs.labels}`)).body.title).toBe(`label-${MARK}`);
    expect((await api.get(`/custom_filters/${theirs.custom_filters}`)).body.name).toBe(`filter ${MARK}`);
    expect((await api.get(`/contacts/${theirs.contacts}`)).body.payload.name).toBe(`contact ${MARK}`);
    expect(
      (await api.get(`/conversations/${theirs.conversations}/messages`)).body.payload.map(
        (message: { content: string }) => message.content,
      ),
    ).toContain(`message ${MARK}`);
    expect((await api.get(`/inboxes/${theirs.inboxes}`)).status).toBe(200);
    expect((await api.get(`/teams/${theirs.teams}`)).status).toBe(200);
    expect((await api.get(`/kanban_items/${theirs.kanban_items}`)).body.item_details.title).toBe(`card ${MARK}`);
    expect((await api.get(`/funnels/${theirs.funnels}`)).body.stages[String(theirs.stages)].name).toBe(`stage ${MARK}`);
  });

  it('answers 403 to an agent on every administrator operation', async () => {
    for (const operation of operations.filter((candidate) => candidate.rule === 'admin')) {
      const response = await send(gatewayClient(agent.token), operation, pathFor(operation, home.id, homeIds));
      expectStatus(response, [403], `${operation.method} ${operation.template} as an agent`);
    }
  });

  it('keeps an agent out of conversations of inboxes they are not a member of', async () => {
    for (const operation of operations.filter((candidate) => candidate.rule === 'inbox')) {
      const response = await send(gatewayClient(agent.token), operation, pathFor(operation, home.id, homeIds));
      expectStatus(
        response,
        operation.takesBody ? [400, 403, 404] : [403, 404],
        `${operation.method} ${operation.template} as an agent outside the inbox`,
      );
    }
    const listed = await gatewayClient(agent.token).get(`/api/v1/accounts/${home.id}/conversations`);
    expect(listed.body.data.payload.map((conversation: { id: number }) => conversation.id)).not.toContain(
      mine.conversation,
    );
  });

  it('stores access tokens hashed: the token a user holds is not in the database', async () => {
    const db = new Client({ connectionString: readE2eState().databaseUrl });
    await db.connect();
    try {
      const columns = await db.query(
        `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'messaging' AND table_name = 'access_tokens'`,
      );
      expect(columns.rowCount).toBeGreaterThan(0);
      const rows = await db.query('SELECT * FROM messaging.access_tokens');
      const stored = JSON.stringify(rows.rows);
      expect(stored).not.toContain(home.admin.token);
      expect(stored).not.toContain(agent.token);
    } finally {
      await db.end();
    }
  });
});
