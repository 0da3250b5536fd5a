import { createTestAccount, type ApiClient, type TestAccount, type TestUser } from '@parley/testing';
import { randomBytes } from 'node:crypto';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

interface Row {
  name: string;
  method: Method;
  /** Builds the path (and body) from fresh fixtures, so each call acts on its own resource. */
  request: (fixtures: Fixtures) => Promise<{ path: string; body?: unknown }>;
  agentAllowed: boolean;
}

interface Fixtures {
  account: TestAccount;
  agent: TestUser;
  admin: ApiClient;
}

const unique = () => randomBytes(4).toString('hex');
const create = async (admin: ApiClient, path: string, body: unknown): Promise<number> => {
  const response = await admin.post(path, body);
  if (response.status !== 201) throw new Error(`fixture ${path}: ${response.status} ${response.text}`);
  return response.body.id;
};
const team = (f: Fixtures) => create(f.admin, '/teams', { name: `team-${unique()}` });
const inbox = async (f: Fixtures) => {
  const id = await create(f.admin, '/inboxes', { name: `inbox-${unique()}`, channel: { type: 'api' } });
  await f.admin.post(`/inboxes/${id}/inbox_members`, { user_ids: [f.agent.id] });
  return id;
};
const bot = (f: Fixtures) => create(f.admin, '/agent_bots', { name: `bot-${unique()}` });
const label = (f: Fixtures) => create(f.admin, '/labels', { title: `label-${unique()}` });
const definition = (f: Fixtures) =>
  create(f.admin, '/custom_attribute_definitions', {
    attribute_display_name: `attr ${unique()}`,
    attribute_display_type: 0,
    attribute_model: 0,
  });
const canned = (f: Fixtures) => create(f.admin, '/canned_responses', { short_code: `c${unique()}`, content: 'x' });
const member = async (f: Fixtures) => (await f.account.addUser('agent')).id;

const rows: Row[] = [
  { name: 'list agents', method: 'get', request: async () => ({ path: '/agents' }), agentAllowed: true },
  {
    name: 'invite agent',
    method: 'post',
    request: async () => ({ path: '/agents', body: { email: `m-${unique()}@example.com`, name: 'M', role: 'agent' } }),
    agentAllowed: false,
  },
  {
    name: 'update agent',
    method: 'patch',
    request: async (f) => ({ path: `/agents/${await member(f)}`, body: { name: 'N' } }),
    agentAllowed: false,
  },
  {
    name: 'delete agent',
    method: 'delete',
    request: async (f) => ({ path: `/agents/${await member(f)}` }),
    agentAllowed: false,
  },

  { name: 'list teams', method: 'get', request: async () => ({ path: '/teams' }), agentAllowed: true },
  { name: 'show team', method: 'get', request: async (f) => ({ path: `/teams/${await team(f)}` }), agentAllowed: true },
  {
    name: 'create team',
    method: 'post',
    request: async () => ({ path: '/teams', body: { name: `t-${unique()}` } }),
    agentAllowed: false,
  },
  {
    name: 'update team',
    method: 'patch',
    request: async (f) => ({ path: `/teams/${await team(f)}`, body: { description: 'd' } }),
    agentAllowed: false,
  },
  {
    name: 'delete team',
    method: 'delete',
    request: async (f) => ({ path: `/teams/${await team(f)}` }),
    agentAllowed: false,
  },
  {
    name: 'list team members',
    method: 'get',
    request: async (f) => ({ path: `/teams/${await team(f)}/team_members` }),
    agentAllowed: true,
  },
  {
    name: 'add team members',
    method: 'post',
    request: async (f) => ({ path: `/teams/${await team(f)}/team_members`, body: { user_ids: [f.agent.id] } }),
    agentAllowed: false,
  },
  {
    name: 'remove team members',
    method: 'delete',
    request: async (f) => ({ path: `/teams/${await team(f)}/team_members`, body: { user_ids: [f.agent.id] } }),
    agentAllowed: false,
  },
  {
    name: 'replace team members',
    method: 'patch',
    request: async (f) => ({ path: `/teams/${await team(f)}/team_members`, body: { user_ids: [f.agent.id] } }),
    agentAllowed: false,
  },

  { name: 'list inboxes', method: 'get', request: async () => ({ path: '/inboxes' }), agentAllowed: true },
  {
    name: 'show own inbox',
    method: 'get',
    request: async (f) => ({ path: `/inboxes/${await inbox(f)}` }),
    agentAllowed: true,
  },
  {
    name: 'create inbox',
    method: 'post',
    request: async () => ({ path: '/inboxes', body: { name: 'i', channel: { type: 'api' } } }),
    agentAllowed: false,
  },
  {
    name: 'update inbox',
    method: 'patch',
    request: async (f) => ({ path: `/inboxes/${await inbox(f)}`, body: { name: 'renamed' } }),
    agentAllowed: false,
  },
  {
    name: 'delete inbox',
    method: 'delete',
    request: async (f) => ({ path: `/inboxes/${await inbox(f)}` }),
    agentAllowed: false,
  },
  {
    name: 'list inbox members',
    method: 'get',
    request: async (f) => ({ path: `/inboxes/${await inbox(f)}/inbox_members` }),
    agentAllowed: false,
  },
  {
    name: 'set inbox members',
    method: 'post',
    request: async (f) => ({ path: `/inboxes/${await inbox(f)}/inbox_members`, body: { user_ids: [f.agent.id] } }),
    agentAllowed: false,
  },
  {
    name: 'remove inbox members',
    method: 'delete',
    request: async (f) => ({ path: `/inboxes/${await inbox(f)}/inbox_members`, body: { user_ids: [f.agent.id] } }),
    agentAllowed: false,
  },
  {
    name: 'list inbox members (alias)',
    method: 'get',
    request: async (f) => ({ path: `/inbox_members/${await inbox(f)}` }),
    agentAllowed: false,
  },
  {
    name: 'add inbox members (alias)',
    method: 'post',
    request: async (f) => ({ path: '/inbox_members', body: { inbox_id: await inbox(f), user_ids: [f.agent.id] } }),
    agentAllowed: false,
  },
  {
    name: 'replace inbox members (alias)',
    method: 'patch',
    request: async (f) => ({ path: '/inbox_members', body: { inbox_id: await inbox(f), user_ids: [f.agent.id] } }),
    agentAllowed: false,
  },
  {
    name: 'remove inbox members (alias)',
    method: 'delete',
    request: async (f) => ({ path: '/inbox_members', body: { inbox_id: await inbox(f), user_ids: [f.agent.id] } }),
    agentAllowed: false,
  },
  {
    name: 'set inbox agent bot',
    method: 'post',
    request: async (f) => ({ path: `/inboxes/${await inbox(f)}/set_agent_bot`, body: { agent_bot: await bot(f) } }),
    agentAllowed: false,
  },

  { name: 'list agent bots', method: 'get', request: async () => ({ path: '/agent_bots' }), agentAllowed: false },
  {
    name: 'create agent bot',
    method: 'post',
    request: async () => ({ path: '/agent_bots', body: { name: 'b' } }),
    agentAllowed: false,
  },
  {
    name: 'delete agent bot',
    method: 'delete',
    request: async (f) => ({ path: `/agent_bots/${await bot(f)}` }),
    agentAllowed: false,
  },

  { name: 'list labels', method: 'get', request: async () => ({ path: '/labels' }), agentAllowed: true },
  {
    name: 'create label',
    method: 'post',
    request: async () => ({ path: '/labels', body: { title: `l-${unique()}` } }),
    agentAllowed: false,
  },
  {
    name: 'update label',
    method: 'patch',
    request: async (f) => ({ path: `/labels/${await label(f)}`, body: { color: '#000000' } }),
    agentAllowed: false,
  },
  {
    name: 'delete label',
    method: 'delete',
    request: async (f) => ({ path: `/labels/${await label(f)}` }),
    agentAllowed: false,
  },

  // Saved filters are every member's own (who reaches which one: tests/e2e/administration/custom-filters).
  {
    name: 'list custom filters',
    method: 'get',
    request: async () => ({ path: '/custom_filters?filter_type=contact' }),
    agentAllowed: true,
  },
  {
    name: 'create custom filter',
    method: 'post',
    request: async () => ({
      path: '/custom_filters',
      body: {
        name: `f-${unique()}`,
        filter_type: 'conversation',
        query: { payload: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['open'] }] },
      },
    }),
    agentAllowed: true,
  },

  {
    name: 'list attribute definitions',
    method: 'get',
    request: async () => ({ path: '/custom_attribute_definitions' }),
    agentAllowed: true,
  },
  {
    name: 'show attribute definition',
    method: 'get',
    request: async (f) => ({ path: `/custom_attribute_definitions/${await definition(f)}` }),
    agentAllowed: true,
  },
  {
    name: 'create attribute definition',
    method: 'post',
    request: async () => ({
      path: '/custom_attribute_definitions',
      body: { attribute_display_name: `a ${unique()}`, attribute_display_type: 0, attribute_model: 1 },
    }),
    agentAllowed: false,
  },
  {
    name: 'update attribute definition',
    method: 'patch',
    request: async (f) => ({
      path: `/custom_attribute_definitions/${await definition(f)}`,
      body: { attribute_description: 'd' },
    }),
    agentAllowed: false,
  },
  {
    name: 'delete attribute definition',
    method: 'delete',
    request: async (f) => ({ path: `/custom_attribute_definitions/${await definition(f)}` }),
    agentAllowed: false,
  },

  {
    name: 'list canned responses',
    method: 'get',
    request: async () => ({ path: '/canned_responses' }),
    agentAllowed: true,
  },
  {
    name: 'create canned response',
    method: 'post',
    request: async () => ({ path: '/canned_responses', body: { short_code: `s${unique()}`, content: 'x' } }),
    agentAllowed: false,
  },
  {
    name: 'update canned response',
    method: 'patch',
    request: async (f) => ({ path: `/canned_responses/${await canned(f)}`, body: { content: 'y' } }),
    agentAllowed: false,
  },
  {
    name: 'delete canned response',
    method: 'delete',
    request: async (f) => ({ path: `/canned_responses/${await canned(f)}` }),
    agentAllowed: false,
  },
];

async function call(client: ApiClient, method: Method, path: string, body: unknown) {
  if (method === 'get' || method === 'delete') return client[method](path, body === undefined ? {} : { body });
  return client[method](path, body);
}

describe('role matrix of the workspace administration endpoints', () => {
  let fixtures: Fixtures;

  beforeAll(async () => {
    const account = await createTestAccount();
    fixtures = { account, agent: await account.addUser('agent'), admin: account.admin.api };
  });

  it.each(rows.map((row) => [row.name, row] as const))('%s', async (_, row) => {
    const asAgent = await row.request(fixtures);
    const agentResponse = await call(fixtures.agent.api, row.method, asAgent.path, asAgent.body);
    if (row.agentAllowed) {
      expect(agentResponse.status).toBeLessThan(300);
    } else {
      expect(agentResponse.status).toBe(403);
      expect(agentResponse.body).toEqual({ error: 'This action requires the administrator role' });
    }
    const asAdmin = await row.request(fixtures);
    const adminResponse = await call(fixtures.admin, row.method, asAdmin.path, asAdmin.body);
    expect(adminResponse.status).toBeLessThan(300);
  });
});
