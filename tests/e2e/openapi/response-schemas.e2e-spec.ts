import {
  createTestAccount,
  createWebhookEndpoint,
  documentedOperations,
  eventually,
  fakeProvider,
  gatewayClient,
  mailsTo,
  operationOf,
  platformClient,
  recordedResponses,
  type ApiClient,
  type ApiResponse,
  type DocumentedOperation,
  type OpenApiDocument,
  type TestAccount,
  type TestUser,
} from '@parley/testing';
import { createHmac, randomBytes } from 'node:crypto';

/**
 * Every operation of the served OpenAPI document is called once with a representative request
 * (the table below, in order: later rows use what earlier rows made), and its success answer
 * must fit the documented schema: every required field there, no field the document does not
 * name, each of its type. Then the answers the other suites of this run recorded are checked the
 * same way. A route added without a row here, or a row for a route that is gone, fails the suite.
 */

const V1 = '/api/v1/accounts/{account_id}';
const V2 = '/api/v2/accounts/{account_id}';
const PUB = '/public/api/v1/inboxes/{inbox_identifier}';
const unique = () => randomBytes(4).toString('hex');

/** What the rows make and later rows use. */
interface Made {
  [name: string]: any;
}

describe('response schemas of the served OpenAPI document', () => {
  let operations: DocumentedOperation[];
  let account: TestAccount;
  let agent: TestUser;
  let admin: ApiClient;
  let root: ApiClient;
  const platform = () => platformClient();
  const made: Made = {};

  /** A contact of the account linked to `inboxId`; contacts learns inboxes from events. */
  const newContact = (inboxId: number, name: string) =>
    // TODO(read-your-writes): drop the poll once a read-model miss asks the owner.
    eventually(async () => {
      const response = await admin.post('/contacts', { inbox_id: inboxId, name });
      expect(response.status).toBe(201);
      return response.body.payload as { contact: { id: number }; contact_inbox: { source_id: string } };
    });

  beforeAll(async () => {
    const document = await gatewayClient().get<OpenApiDocument>('/api-docs/json');
    operations = documentedOperations(document.body);
    account = await createTestAccount();
    admin = account.admin.api;
    root = gatewayClient(account.admin.token);
    agent = await account.addUser('agent');
    made.inbox = (
      await admin.post('/inboxes', { name: 'Schema', channel: { type: 'api' }, enable_auto_assignment: false })
    ).body;
    made.contact = await newContact(made.inbox.id, 'Schema Contact');
    made.webhookUrl = (await createWebhookEndpoint()).url;
  });

  const rows: Array<[string, () => Promise<ApiResponse>]> = [
    ['GET /api', () => gatewayClient().get('/api')],
    ['GET /health', () => gatewayClient().get('/health')],
    ['GET /health/live', () => gatewayClient().get('/health/live')],
    ['GET /health/ready', () => gatewayClient().get('/health/ready')],
    ['GET /metrics', () => gatewayClient().get('/metrics')],

    [
      'POST /platform/api/v1/accounts',
      async () =>
        keep('platformAccount', await platform().post('/platform/api/v1/accounts', { name: `Schema ${unique()}` })),
    ],
    [
      'GET /platform/api/v1/accounts/{id}',
      () => platform().get(`/platform/api/v1/accounts/${made.platformAccount.id}`),
    ],
    [
      'PATCH /platform/api/v1/accounts/{id}',
      () => platform().patch(`/platform/api/v1/accounts/${made.platformAccount.id}`, { name: 'Renamed' }),
    ],
    [
      'POST /platform/api/v1/users',
      async () =>
        keep(
          'platformUser',
          await platform().post('/platform/api/v1/users', { name: 'Op', email: `op-${unique()}@example.com` }),
        ),
    ],
    ['GET /platform/api/v1/users/{id}', () => platform().get(`/platform/api/v1/users/${made.platformUser.id}`)],
    [
      'PATCH /platform/api/v1/users/{id}',
      () => platform().patch(`/platform/api/v1/users/${made.platformUser.id}`, { name: 'Operator' }),
    ],
    [
      'GET /platform/api/v1/users/{id}/login',
      async () => keep('signInLink', await platform().get(`/platform/api/v1/users/${made.platformUser.id}/login`)),
    ],
    ['GET /auth/sso/{token}', () => gatewayClient().get(new URL(made.signInLink.url).pathname)],
    ['GET /platform/api/v1/agent_bots', () => platform().get('/platform/api/v1/agent_bots')],
    [
      'POST /platform/api/v1/agent_bots',
      async () =>
        keep('platformBot', await platform().post('/platform/api/v1/agent_bots', { name: 'Schema platform bot' })),
    ],
    [
      'GET /platform/api/v1/agent_bots/{id}',
      () => platform().get(`/platform/api/v1/agent_bots/${made.platformBot.id}`),
    ],
    [
      'PATCH /platform/api/v1/agent_bots/{id}',
      () => platform().patch(`/platform/api/v1/agent_bots/${made.platformBot.id}`, { description: 'Everyone' }),
    ],
    [
      'DELETE /platform/api/v1/agent_bots/{id}',
      () => platform().delete(`/platform/api/v1/agent_bots/${made.platformBot.id}`),
    ],
    [
      'POST /platform/api/v1/accounts/{id}/account_users',
      () =>
        platform().post(`/platform/api/v1/accounts/${made.platformAccount.id}/account_users`, {
          user_id: made.platformUser.id,
          role: 'administrator',
        }),
    ],
    [
      'GET /platform/api/v1/accounts/{id}/account_users',
      () => platform().get(`/platform/api/v1/accounts/${made.platformAccount.id}/account_users`),
    ],
    [
      'DELETE /platform/api/v1/accounts/{id}/account_users',
      () =>
        platform().delete(`/platform/api/v1/accounts/${made.platformAccount.id}/account_users`, {
          body: { user_id: made.platformUser.id },
        }),
    ],
    ['DELETE /platform/api/v1/users/{id}', () => platform().delete(`/platform/api/v1/users/${made.platformUser.id}`)],
    [
      'DELETE /platform/api/v1/accounts/{id}',
      () => platform().delete(`/platform/api/v1/accounts/${made.platformAccount.id}`),
    ],

    ['GET /api/v1/profile', () => root.get('/api/v1/profile')],
    ['PATCH /api/v1/profile', () => root.patch('/api/v1/profile', { display_name: 'Schema Admin' })],
    ['PUT /api/v1/profile', () => root.put('/api/v1/profile', { availability: 'online', account_id: account.id })],
    [
      'POST /api/v1/profile/access_token',
      async () => gatewayClient((await account.addUser('agent')).token).post('/api/v1/profile/access_token'),
    ],

    ['GET /api/v1/accounts/{account_id}/agents', () => admin.get('/agents')],
    [
      'POST /api/v1/accounts/{account_id}/agents',
      async () =>
        keep(
          'invited',
          await admin.post('/agents', { email: `invitee-${unique()}@example.com`, name: 'Invitee', role: 'agent' }),
        ),
    ],
    [
      'POST /api/v1/auth/activate',
      async () => {
        const [mail] = await eventually(async () => {
          const mails = await mailsTo(made.invited.email);
          expect(mails).toHaveLength(1);
          return mails;
        });
        const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
        return gatewayClient().post('/api/v1/auth/activate', { token, password: 'long enough secret' });
      },
    ],
    [`PATCH ${V1}/agents/{id}`, () => admin.patch(`/agents/${agent.id}`, { auto_offline: false })],
    [`PUT ${V1}/agents/{id}`, () => admin.put(`/agents/${agent.id}`, { name: 'Schema Agent' })],
    [`DELETE ${V1}/agents/{id}`, () => admin.delete(`/agents/${made.invited.id}`)],

    [`GET ${V1}/teams`, () => admin.get('/teams')],
    [`POST ${V1}/teams`, async () => keep('team', await admin.post('/teams', { name: `Team ${unique()}` }))],
    [`GET ${V1}/teams/{id}`, () => admin.get(`/teams/${made.team.id}`)],
    [`PATCH ${V1}/teams/{id}`, () => admin.patch(`/teams/${made.team.id}`, { description: 'Schemas' })],
    [`PUT ${V1}/teams/{id}`, () => admin.put(`/teams/${made.team.id}`, { allow_auto_assign: false })],
    [
      `POST ${V1}/teams/{id}/team_members`,
      () => admin.post(`/teams/${made.team.id}/team_members`, { user_ids: [agent.id] }),
    ],
    [`GET ${V1}/teams/{id}/team_members`, () => admin.get(`/teams/${made.team.id}/team_members`)],
    [
      `PATCH ${V1}/teams/{id}/team_members`,
      () => admin.patch(`/teams/${made.team.id}/team_members`, { user_ids: [agent.id, account.admin.id] }),
    ],
    [
      `DELETE ${V1}/teams/{id}/team_members`,
      () => admin.delete(`/teams/${made.team.id}/team_members`, { body: { user_ids: [agent.id] } }),
    ],

    [`GET ${V1}/agent_bots`, () => admin.get('/agent_bots')],
    [`POST ${V1}/agent_bots`, async () => keep('bot', await admin.post('/agent_bots', { name: 'Schema bot' }))],
    [`GET ${V1}/agent_bots/{id}`, () => admin.get(`/agent_bots/${made.bot.id}`)],
    [`PATCH ${V1}/agent_bots/{id}`, () => admin.patch(`/agent_bots/${made.bot.id}`, { description: 'Answers' })],
    [`PUT ${V1}/agent_bots/{id}`, () => admin.put(`/agent_bots/${made.bot.id}`, { name: 'Schema bot 2' })],
    [`GET ${V1}/custom_filters`, () => admin.get('/custom_filters?filter_type=conversation')],
    [
      `POST ${V1}/custom_filters`,
      async () =>
        keep(
          'customFilter',
          await admin.post('/custom_filters', {
            name: 'Schema filter',
            filter_type: 'conversation',
            query: {
              payload: [
                { attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: null },
              ],
            },
          }),
        ),
    ],
    [`GET ${V1}/custom_filters/{id}`, () => admin.get(`/custom_filters/${made.customFilter.id}`)],
    [
      `PATCH ${V1}/custom_filters/{id}`,
      () => admin.patch(`/custom_filters/${made.customFilter.id}`, { name: 'Renamed' }),
    ],
    [
      `PUT ${V1}/custom_filters/{id}`,
      () =>
        admin.put(`/custom_filters/${made.customFilter.id}`, {
          filter_type: 'contact',
          query: { payload: [{ attribute_key: 'name', filter_operator: 'contains', values: ['a'] }] },
        }),
    ],
    [`DELETE ${V1}/custom_filters/{id}`, () => admin.delete(`/custom_filters/${made.customFilter.id}`)],

    [`GET ${V1}/inboxes`, () => admin.get('/inboxes')],
    [
      `POST ${V1}/inboxes`,
      async () =>
        keep(
          'widget',
          await admin.post('/inboxes', {
            name: 'Widget',
            channel: { type: 'web_widget', website_url: 'https://example.com', welcome_title: 'Hi' },
          }),
        ),
    ],
    [`GET ${V1}/inboxes/{id}`, () => admin.get(`/inboxes/${made.widget.id}`)],
    [
      `PATCH ${V1}/inboxes/{id}`,
      () =>
        admin.patch(`/inboxes/${made.widget.id}`, {
          welcome_tagline: 'Ask away',
          avatar_url: 'https://example.com/a.png',
        }),
    ],
    [
      `PUT ${V1}/inboxes/{id}`,
      () => admin.put(`/inboxes/${made.widget.id}`, { greeting_enabled: true, greeting_message: 'Hello' }),
    ],
    [
      `POST ${V1}/inboxes/{id}/inbox_members`,
      () => admin.post(`/inboxes/${made.inbox.id}/inbox_members`, { user_ids: [agent.id, account.admin.id] }),
    ],
    [`GET ${V1}/inboxes/{id}/inbox_members`, () => admin.get(`/inboxes/${made.inbox.id}/inbox_members`)],
    [
      `DELETE ${V1}/inboxes/{id}/inbox_members`,
      () => admin.delete(`/inboxes/${made.inbox.id}/inbox_members`, { body: { user_ids: [account.admin.id] } }),
    ],
    [
      `POST ${V1}/inbox_members`,
      () => admin.post('/inbox_members', { inbox_id: made.inbox.id, user_ids: [account.admin.id] }),
    ],
    [`GET ${V1}/inbox_members/{inbox_id}`, () => admin.get(`/inbox_members/${made.inbox.id}`)],
    [
      `PATCH ${V1}/inbox_members`,
      () => admin.patch('/inbox_members', { inbox_id: made.inbox.id, user_ids: [agent.id, account.admin.id] }),
    ],
    [
      `DELETE ${V1}/inbox_members`,
      () => admin.delete('/inbox_members', { body: { inbox_id: made.inbox.id, user_ids: [account.admin.id] } }),
    ],
    [
      `POST ${V1}/inboxes/{id}/set_agent_bot`,
      () => admin.post(`/inboxes/${made.widget.id}/set_agent_bot`, { agent_bot: made.bot.id }),
    ],
    [`GET ${V1}/inboxes/{id}/agent_bot`, () => admin.get(`/inboxes/${made.widget.id}/agent_bot`)],

    [`GET ${V1}/labels`, () => admin.get('/labels')],
    [
      `POST ${V1}/labels`,
      async () => keep('label', await admin.post('/labels', { title: `schema-${unique()}`, description: 'Checked' })),
    ],
    [`GET ${V1}/labels/{id}`, () => admin.get(`/labels/${made.label.id}`)],
    [`PATCH ${V1}/labels/{id}`, () => admin.patch(`/labels/${made.label.id}`, { color: '#123456' })],
    [`PUT ${V1}/labels/{id}`, () => admin.put(`/labels/${made.label.id}`, { show_on_sidebar: false })],

    [`GET ${V1}/custom_attribute_definitions`, () => admin.get('/custom_attribute_definitions')],
    [
      `POST ${V1}/custom_attribute_definitions`,
      async () =>
        keep(
          'definition',
          await admin.post('/custom_attribute_definitions', {
            attribute_display_name: 'Tier',
            attribute_display_type: 'list',
            attribute_model: 0,
            attribute_values: ['a', 'b'],
            default_value: 'a',
          }),
        ),
    ],
    [
      `GET ${V1}/custom_attribute_definitions/{id}`,
      () => admin.get(`/custom_attribute_definitions/${made.definition.id}`),
    ],
    [
      `PATCH ${V1}/custom_attribute_definitions/{id}`,
      () => admin.patch(`/custom_attribute_definitions/${made.definition.id}`, { default_value: null }),
    ],
    [
      `PUT ${V1}/custom_attribute_definitions/{id}`,
      () => admin.put(`/custom_attribute_definitions/${made.definition.id}`, { attribute_description: 'Level' }),
    ],

    [`GET ${V1}/canned_responses`, () => admin.get('/canned_responses')],
    [
      `POST ${V1}/canned_responses`,
      async () =>
        keep(
          'canned',
          await admin.post('/canned_responses', { short_code: `hi${unique()}`, content: 'Hello {{contact.name}}' }),
        ),
    ],
    [`PATCH ${V1}/canned_responses/{id}`, () => admin.patch(`/canned_responses/${made.canned.id}`, { content: 'Hi' })],
    [`PUT ${V1}/canned_responses/{id}`, () => admin.put(`/canned_responses/${made.canned.id}`, { content: 'Hey' })],

    [
      `POST ${V1}/conversations`,
      // TODO(read-your-writes): drop the poll once messaging asks contacts about a contact it has not seen yet.
      () =>
        eventually(async () => {
          const response = await admin.post('/conversations', {
            inbox_id: made.inbox.id,
            contact_id: made.contact.contact.id,
            source_id: made.contact.contact_inbox.source_id,
            assignee_id: agent.id,
            message: { content: 'Hello', message_type: 'incoming' },
          });
          expect(response.status).toBe(201);
          return keep('conversation', response);
        }),
    ],
    [`GET ${V1}/conversations`, () => admin.get('/conversations?status=all')],
    [`GET ${V1}/conversations/meta`, () => admin.get('/conversations/meta')],
    [
      `POST ${V1}/conversations/filter`,
      () =>
        admin.post('/conversations/filter', {
          payload: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['open'] }],
        }),
    ],
    [`GET ${V1}/conversations/{id}`, () => admin.get(`/conversations/${made.conversation.id}`)],
    [
      `POST ${V1}/conversations/{id}/assignments`,
      () => admin.post(`/conversations/${made.conversation.id}/assignments`, { team_id: made.team.id }),
    ],
    [
      `POST ${V1}/conversations/{id}/toggle_status`,
      () => admin.post(`/conversations/${made.conversation.id}/toggle_status`, { status: 'pending' }),
    ],
    [
      `POST ${V1}/conversations/{id}/toggle_priority`,
      () => admin.post(`/conversations/${made.conversation.id}/toggle_priority`, { priority: 'high' }),
    ],
    [
      `POST ${V1}/conversations/{id}/labels`,
      () => admin.post(`/conversations/${made.conversation.id}/labels`, { labels: [made.label.title] }),
    ],
    [`GET ${V1}/conversations/{id}/labels`, () => admin.get(`/conversations/${made.conversation.id}/labels`)],
    [`POST ${V1}/conversations/{id}/mute`, () => admin.post(`/conversations/${made.conversation.id}/mute`)],
    [`POST ${V1}/conversations/{id}/unmute`, () => admin.post(`/conversations/${made.conversation.id}/unmute`)],
    [
      `POST ${V1}/conversations/{id}/transcript`,
      () => admin.post(`/conversations/${made.conversation.id}/transcript`, { email: 'transcript@example.com' }),
    ],
    [
      `POST ${V1}/conversations/{id}/update_last_seen`,
      () => admin.post(`/conversations/${made.conversation.id}/update_last_seen`),
    ],
    [
      `POST ${V1}/conversations/{id}/toggle_typing_status`,
      () => admin.post(`/conversations/${made.conversation.id}/toggle_typing_status`, { typing_status: 'on' }),
    ],
    [
      `POST ${V1}/conversations/{id}/custom_attributes`,
      () =>
        admin.post(`/conversations/${made.conversation.id}/custom_attributes`, { custom_attributes: { tier: 'b' } }),
    ],

    [
      `GET ${V1}/conversations/{conversation_id}/messages`,
      () => admin.get(`/conversations/${made.conversation.id}/messages`),
    ],
    [
      `POST ${V1}/conversations/{conversation_id}/messages`,
      async () => {
        const form = new FormData();
        form.append('content', 'See attached');
        form.append('attachments[]', new Blob([Buffer.from('fake png bytes')], { type: 'image/png' }), 'photo.png');
        return keep(
          'message',
          await admin.post(`/conversations/${made.conversation.id}/messages`, undefined, { form }),
        );
      },
    ],
    [
      'GET /attachments/{path}',
      () => {
        const link = new URL(made.message.attachments[0].data_url);
        return gatewayClient().get(`${link.pathname}${link.search}`);
      },
    ],
    [
      `DELETE ${V1}/conversations/{conversation_id}/messages/{id}`,
      () => admin.delete(`/conversations/${made.conversation.id}/messages/${made.message.id}`),
    ],

    [`GET ${V1}/contacts`, () => admin.get('/contacts')],
    [
      `POST ${V1}/contacts`,
      async () =>
        keep(
          'created',
          await admin.post('/contacts', {
            inbox_id: made.inbox.id,
            name: 'Schema Second',
            email: `second-${unique()}@example.com`,
          }),
        ),
    ],
    [`GET ${V1}/contacts/search`, () => admin.get('/contacts/search?q=schema&include=conversations')],
    [
      `POST ${V1}/contacts/filter`,
      () =>
        admin.post('/contacts/filter', {
          payload: [{ attribute_key: 'name', filter_operator: 'contains', values: ['schema'] }],
        }),
    ],
    [`GET ${V1}/contacts/{id}`, () => admin.get(`/contacts/${made.contact.contact.id}`)],
    [
      `PATCH ${V1}/contacts/{id}`,
      () => admin.patch(`/contacts/${made.contact.contact.id}`, { additional_attributes: { city: 'Porto' } }),
    ],
    [
      `PUT ${V1}/contacts/{id}`,
      () => admin.put(`/contacts/${made.contact.contact.id}`, { identifier: `schema-${unique()}` }),
    ],
    [`GET ${V1}/contacts/{id}/conversations`, () => admin.get(`/contacts/${made.contact.contact.id}/conversations`)],
    [
      `POST ${V1}/contacts/{id}/contact_inboxes`,
      // TODO(read-your-writes): drop the poll once a read-model miss asks the owner.
      () =>
        eventually(async () => {
          const response = await admin.post(`/contacts/${made.contact.contact.id}/contact_inboxes`, {
            inbox_id: made.widget.id,
            source_id: `visitor-${unique()}`,
          });
          expect(response.status).toBe(201);
          return response;
        }),
    ],
    [
      `GET ${V1}/contacts/{id}/contact_inboxes`,
      () => admin.get(`/contacts/${made.contact.contact.id}/contact_inboxes`),
    ],
    [
      `GET ${V1}/contacts/{id}/contactable_inboxes`,
      () => admin.get(`/contacts/${made.contact.contact.id}/contactable_inboxes`),
    ],
    [
      `POST ${V1}/contacts/{id}/notes`,
      async () =>
        keep('note', await admin.post(`/contacts/${made.contact.contact.id}/notes`, { content: 'Likes schemas' })),
    ],
    [`GET ${V1}/contacts/{id}/notes`, () => admin.get(`/contacts/${made.contact.contact.id}/notes`)],
    [
      `PATCH ${V1}/contacts/{id}/notes/{note_id}`,
      () => admin.patch(`/contacts/${made.contact.contact.id}/notes/${made.note.id}`, { content: 'Loves schemas' }),
    ],
    [
      `DELETE ${V1}/contacts/{id}/notes/{note_id}`,
      () => admin.delete(`/contacts/${made.contact.contact.id}/notes/${made.note.id}`),
    ],
    [`POST ${V1}/contacts/{id}/block`, () => admin.post(`/contacts/${made.created.payload.contact.id}/block`)],
    [`POST ${V1}/contacts/{id}/unblock`, () => admin.post(`/contacts/${made.created.payload.contact.id}/unblock`)],
    [
      `POST ${V1}/contacts/{id}/labels`,
      () => admin.post(`/contacts/${made.contact.contact.id}/labels`, { labels: ['vip'] }),
    ],
    [`GET ${V1}/contacts/{id}/labels`, () => admin.get(`/contacts/${made.contact.contact.id}/labels`)],
    [
      `POST ${V1}/contacts/import`,
      async () => {
        const form = new FormData();
        form.append(
          'import_file',
          new Blob(['name,email\nGood,good@example.com\nBad,not-an-email\n'], { type: 'text/csv' }),
          'contacts.csv',
        );
        return keep('import', await admin.post('/contacts/import', undefined, { form }));
      },
    ],
    [
      `GET ${V1}/contacts/imports/{id}`,
      () =>
        eventually(async () => {
          const response = await admin.get(`/contacts/imports/${made.import.id}`);
          expect(response.body.status).toBe('completed');
          return response;
        }),
    ],
    [`GET ${V1}/contacts/imports/{id}/errors`, () => admin.get(`/contacts/imports/${made.import.id}/errors`)],
    [
      `POST ${V1}/actions/contact_merge`,
      () =>
        admin.post('/actions/contact_merge', {
          base_contact_id: made.contact.contact.id,
          mergee_contact_id: made.created.payload.contact.id,
        }),
    ],

    [`GET ${V1}/webhooks`, () => admin.get('/webhooks')],
    [
      `POST ${V1}/webhooks`,
      async () =>
        keep(
          'webhook',
          await admin.post('/webhooks', { url: made.webhookUrl, subscriptions: ['conversation_created'] }),
        ),
    ],
    [
      `PATCH ${V1}/webhooks/{id}`,
      () => admin.patch(`/webhooks/${made.webhook.id}`, { subscriptions: ['message_created'] }),
    ],
    [
      `PUT ${V1}/webhooks/{id}`,
      () => admin.put(`/webhooks/${made.webhook.id}`, { subscriptions: ['contact_created'] }),
    ],
    [`GET ${V1}/webhooks/{id}/deliveries`, () => admin.get(`/webhooks/${made.webhook.id}/deliveries`)],

    [
      `POST ${V1}/automation_rules`,
      async () =>
        keep(
          'rule',
          await admin.post('/automation_rules', {
            name: 'Schema rule',
            event_name: 'message_created',
            conditions: [
              { attribute_key: 'content', filter_operator: 'contains', values: ['invoice'], query_operator: null },
            ],
            actions: [{ action_name: 'change_priority', action_params: ['high'] }],
          }),
        ),
    ],
    [`GET ${V1}/automation_rules`, () => admin.get('/automation_rules')],
    [`GET ${V1}/automation_rules/{id}`, () => admin.get(`/automation_rules/${made.rule.payload.id}`)],
    [
      `PATCH ${V1}/automation_rules/{id}`,
      () => admin.patch(`/automation_rules/${made.rule.payload.id}`, { description: 'Checked' }),
    ],
    [
      `PUT ${V1}/automation_rules/{id}`,
      () => admin.put(`/automation_rules/${made.rule.payload.id}`, { name: 'Schema rule, renamed' }),
    ],
    [`POST ${V1}/automation_rules/{id}/clone`, () => admin.post(`/automation_rules/${made.rule.payload.id}/clone`)],
    [`POST ${V1}/automation_rules/{id}/active`, () => admin.post(`/automation_rules/${made.rule.payload.id}/active`)],
    [`GET ${V1}/automation_rules/{id}/runs`, () => admin.get(`/automation_rules/${made.rule.payload.id}/runs`)],
    [
      `POST ${V1}/macros`,
      async () =>
        keep(
          'macro',
          await admin.post('/macros', {
            name: 'Schema macro',
            visibility: 'global',
            actions: [{ action_name: 'change_priority', action_params: ['low'] }],
          }),
        ),
    ],
    [`GET ${V1}/macros`, () => admin.get('/macros')],
    [`GET ${V1}/macros/{id}`, () => admin.get(`/macros/${made.macro.id}`)],
    [`PATCH ${V1}/macros/{id}`, () => admin.patch(`/macros/${made.macro.id}`, { name: 'Schema macro, renamed' })],
    [`PUT ${V1}/macros/{id}`, () => admin.put(`/macros/${made.macro.id}`, { name: 'Schema macro, again' })],
    [
      `POST ${V1}/macros/{id}/execute`,
      () => admin.post(`/macros/${made.macro.id}/execute`, { conversation_ids: [made.conversation.id] }),
    ],

    [
      `POST ${V1}/campaigns`,
      async () => {
        const title = `schema-campaign-${unique()}`;
        const label = await admin.post('/labels', { title });
        await admin.post(`/contacts/${made.contact.contact.id}/labels`, { labels: ['vip', title] });
        return keep(
          'campaign',
          await admin.post('/campaigns', {
            title: 'Schema campaign',
            message: 'Hi {{contact.name}}',
            inbox_id: made.widget.id,
            audience: [{ type: 'Label', id: label.body.id }],
            scheduled_at: '2099-01-01T00:00:00Z',
          }),
        );
      },
    ],
    [`GET ${V1}/campaigns`, () => admin.get('/campaigns')],
    [`GET ${V1}/campaigns/{id}`, () => admin.get(`/campaigns/${made.campaign.id}`)],
    [`POST ${V1}/campaigns/{id}/pause`, () => admin.post(`/campaigns/${made.campaign.id}/pause`)],
    [
      `PATCH ${V1}/campaigns/{id}`,
      () => admin.patch(`/campaigns/${made.campaign.id}`, { title: 'Schema campaign, renamed' }),
    ],
    [`POST ${V1}/campaigns/{id}/resume`, () => admin.post(`/campaigns/${made.campaign.id}/resume`)],
    [`GET ${V1}/campaigns/{id}/sends`, () => admin.get(`/campaigns/${made.campaign.id}/sends?page=1`)],
    [
      `POST ${V1}/inboxes/{id}/campaign_triggers`,
      () =>
        admin.post(`/inboxes/${made.widget.id}/campaign_triggers`, {
          contact_id: made.contact.contact.id,
          url: 'https://schema.example.com/none',
          time_on_page: 3,
        }),
    ],
    [
      `GET ${V2}/reports`,
      () => root.get(`/api/v2/accounts/${account.id}/reports?metric=conversations_count&type=account`),
    ],
    [`GET ${V2}/reports/summary`, () => root.get(`/api/v2/accounts/${account.id}/reports/summary`)],
    [
      `GET ${V2}/reports/conversations`,
      () => root.get(`/api/v2/accounts/${account.id}/reports/conversations?metric=conversations_count`),
    ],
    [`GET ${V2}/reports/agents_summary`, () => root.get(`/api/v2/accounts/${account.id}/reports/agents_summary`)],
    [`GET ${V2}/reports/inboxes_summary`, () => root.get(`/api/v2/accounts/${account.id}/reports/inboxes_summary`)],
    [`GET ${V2}/reports/teams_summary`, () => root.get(`/api/v2/accounts/${account.id}/reports/teams_summary`)],
    [`GET ${V2}/reports/labels_summary`, () => root.get(`/api/v2/accounts/${account.id}/reports/labels_summary`)],
    [
      `GET ${V2}/reports/live/conversations`,
      () => root.get(`/api/v2/accounts/${account.id}/reports/live/conversations?group_by=team`),
    ],
    [`GET ${V2}/reports/live/agents`, () => root.get(`/api/v2/accounts/${account.id}/reports/live/agents`)],
    [
      `GET ${V2}/reports/conversations_traffic`,
      () => root.get(`/api/v2/accounts/${account.id}/reports/conversations_traffic`),
    ],
    [`GET ${V2}/reports/bot_metrics`, () => root.get(`/api/v2/accounts/${account.id}/reports/bot_metrics`)],
    [`GET ${V2}/csat_reports`, () => root.get(`/api/v2/accounts/${account.id}/csat_reports`)],
    ['GET /platform/api/v1/reporting/state', () => platform().get('/platform/api/v1/reporting/state')],
    ['POST /platform/api/v1/reporting/rebuild', () => platform().post('/platform/api/v1/reporting/rebuild')],
    [
      'POST /public/api/v1/csat_survey/{uuid}',
      async () => {
        const inbox = (
          await admin.post('/inboxes', {
            name: 'Schema CSAT',
            channel: { type: 'api' },
            csat_survey_enabled: true,
            enable_auto_assignment: false,
          })
        ).body;
        const contact = await newContact(inbox.id, 'Schema CSAT Contact');
        const conversation = (
          await admin.post('/conversations', {
            inbox_id: inbox.id,
            contact_id: contact.contact.id,
            source_id: contact.contact_inbox.source_id,
          })
        ).body;
        await admin.post(`/conversations/${conversation.id}/toggle_status`, { status: 'resolved' });
        const messages: Array<{ content_type: string; content_attributes: { csat_survey_token?: string } }> = (
          await admin.get(`/conversations/${conversation.id}/messages`)
        ).body.payload;
        const token = messages.find((message) => message.content_type === 'input_csat')?.content_attributes
          .csat_survey_token;
        made.surveyToken = token;
        return eventually(async () => {
          const response = await gatewayClient().post(`/public/api/v1/csat_survey/${token}`, { rating: 5 });
          expect(response.status).toBe(200);
          return response;
        });
      },
    ],
    [
      'GET /webhooks/{provider}/{inbox_identifier}',
      async () => {
        const { inbox } = await whatsAppInbox();
        const token = inbox.provider_config.webhook_verify_token;
        return gatewayClient().get(
          `${new URL(inbox.inbound_webhook_url).pathname}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=42`,
        );
      },
    ],
    [
      'POST /webhooks/{provider}/{inbox_identifier}',
      async () => {
        const { inbox, meta } = await whatsAppInbox();
        const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
        const signature = `sha256=${createHmac('sha256', meta.app_secret).update(body).digest('hex')}`;
        return gatewayClient().post(new URL(inbox.inbound_webhook_url).pathname, undefined, {
          rawBody: body,
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        });
      },
    ],
    ['GET /survey/responses/{token}', () => gatewayClient().get(`/survey/responses/${made.surveyToken}`)],
    [`GET ${PUB}`, () => gatewayClient().get(publicInbox())],
    ['GET /packs/js/sdk.js', () => gatewayClient().get('/packs/js/sdk.js')],
    [`GET ${PUB}/widget_config`, async () => gatewayClient().get(`${(await widgetVisitor()).base}/widget_config`)],
    [
      `POST ${PUB}/contacts/{contact_identifier}/campaign_triggers`,
      async () => {
        const { base, visitor } = await widgetVisitor();
        return gatewayClient().post(`${base}/contacts/${visitor.source_id}/campaign_triggers`, {
          url: 'https://schema.example.com/pricing',
          time_on_page: 5,
        });
      },
    ],
    [
      `POST ${PUB}/contacts`,
      async () => keep('publicContact', await gatewayClient().post(`${publicInbox()}/contacts`, { name: 'Visitor' })),
    ],
    [
      `GET ${PUB}/contacts/{contact_identifier}`,
      () => gatewayClient().get(`${publicInbox()}/contacts/${made.publicContact.source_id}`),
    ],
    [
      `PATCH ${PUB}/contacts/{contact_identifier}`,
      () => gatewayClient().patch(`${publicInbox()}/contacts/${made.publicContact.source_id}`, { name: 'Visitor 2' }),
    ],
    [
      `POST ${PUB}/contacts/{contact_identifier}/conversations`,
      async () => keep('publicConversation', await gatewayClient().post(publicConversations(), {})),
    ],
    [`GET ${PUB}/contacts/{contact_identifier}/conversations`, () => gatewayClient().get(publicConversations())],
    [
      `POST ${PUB}/contacts/{contact_identifier}/conversations/{conversation_id}/messages`,
      async () =>
        keep(
          'publicMessage',
          await gatewayClient().post(`${publicConversations()}/${made.publicConversation.id}/messages`, {
            content: 'hello',
            echo_id: 'schema',
          }),
        ),
    ],
    [
      `GET ${PUB}/contacts/{contact_identifier}/conversations/{conversation_id}/messages`,
      () => gatewayClient().get(`${publicConversations()}/${made.publicConversation.id}/messages`),
    ],
    [
      `PATCH ${PUB}/contacts/{contact_identifier}/conversations/{conversation_id}/messages/{message_id}`,
      async () => {
        // Input messages are shown by web widgets: a conversation of a widget inbox.
        const { base, visitor } = await widgetVisitor();
        const conversations = `${base}/contacts/${visitor.source_id}/conversations`;
        const id = (await gatewayClient().post(conversations, {})).body.id;
        const select = (
          await admin.post(`/conversations/${id}/messages`, {
            content: 'Pick',
            content_type: 'input_select',
            content_attributes: { items: [{ title: 'A', value: 'a' }] },
          })
        ).body;
        return gatewayClient().patch(`${conversations}/${id}/messages/${select.id}`, {
          submitted_values: [{ title: 'A', value: 'a' }],
        });
      },
    ],
    [
      `GET ${PUB}/contacts/{contact_identifier}/conversations/{conversation_id}`,
      () => gatewayClient().get(`${publicConversations()}/${made.publicConversation.id}`),
    ],
    [
      `POST ${PUB}/contacts/{contact_identifier}/conversations/{conversation_id}/toggle_typing`,
      () =>
        gatewayClient().post(`${publicConversations()}/${made.publicConversation.id}/toggle_typing`, {
          typing_status: 'on',
        }),
    ],
    [
      `POST ${PUB}/contacts/{contact_identifier}/conversations/{conversation_id}/update_last_seen`,
      () => gatewayClient().post(`${publicConversations()}/${made.publicConversation.id}/update_last_seen`),
    ],
    [
      `POST ${PUB}/contacts/{contact_identifier}/conversations/{conversation_id}/toggle_status`,
      () => gatewayClient().post(`${publicConversations()}/${made.publicConversation.id}/toggle_status`),
    ],
    [`GET ${V1}/kanban_config`, () => admin.get('/kanban_config')],
    [
      `POST ${V1}/kanban_config`,
      () =>
        admin.post('/kanban_config', {
          kanban_config: { webhook_url: made.webhookUrl, webhook_events: ['kanban.item.created'] },
        }),
    ],
    [
      `PUT ${V1}/kanban_config`,
      () =>
        admin.put('/kanban_config', {
          kanban_config: { webhook_url: made.webhookUrl, webhook_secret: 'schema-secret' },
        }),
    ],
    [
      `PATCH ${V1}/kanban_config`,
      () => admin.patch('/kanban_config', { kanban_config: { config: { title: 'Schema board' } } }),
    ],
    [`POST ${V1}/kanban_config/test_webhook`, () => admin.post('/kanban_config/test_webhook')],
    [
      `POST ${V1}/funnels`,
      async () =>
        keep(
          'funnel',
          await admin.post('/funnels', {
            funnel: {
              name: 'Schema funnel',
              stages: {
                lead: { name: 'Lead', color: '#111111', position: 1 },
                won: { name: 'Won', color: '#00aa00', position: 2, description: 'Closed' },
              },
              global_custom_attributes: [{ key: 'source', type: 'text' }],
            },
          }),
        ),
    ],
    [`GET ${V1}/funnels`, () => admin.get('/funnels')],
    [`GET ${V1}/funnels/{id}`, () => admin.get(`/funnels/${made.funnel.id}`)],
    [
      `PATCH ${V1}/funnels/{id}`,
      () => admin.patch(`/funnels/${made.funnel.id}`, { funnel: { description: 'Schemas' } }),
    ],
    [`PUT ${V1}/funnels/{id}`, () => admin.put(`/funnels/${made.funnel.id}`, { funnel: { settings: { a: 1 } } })],
    [
      `PATCH ${V1}/funnels/{id}/reorder`,
      () => admin.patch(`/funnels/${made.funnel.id}/reorder`, { stages: ['won', 'lead'] }),
    ],
    [
      `POST ${V1}/kanban/funnels`,
      () =>
        admin.post('/kanban/funnels', {
          funnel: { name: 'Schema mirror', stages: { a: { name: 'A', color: '#fff', position: 1 } } },
        }),
    ],
    [`GET ${V1}/kanban/funnels`, () => admin.get('/kanban/funnels')],
    [
      `POST ${V1}/kanban/stages`,
      async () =>
        keep(
          'stage',
          await admin.post('/kanban/stages', {
            funnel_id: made.funnel.id,
            stage: { name: 'Schema stage', color: '#abc' },
          }),
        ),
    ],
    [`GET ${V1}/kanban/stages`, () => admin.get(`/kanban/stages?funnel_id=${made.funnel.id}`)],
    [`GET ${V1}/kanban/stages/{id}`, () => admin.get(`/kanban/stages/${made.stage.id}?funnel_id=${made.funnel.id}`)],
    [
      `PATCH ${V1}/kanban/stages/{id}`,
      () =>
        admin.patch(`/kanban/stages/${made.stage.id}`, {
          funnel_id: made.funnel.id,
          stage: { description: 'Patched' },
        }),
    ],
    [
      `PUT ${V1}/kanban/stages/{id}`,
      () => admin.put(`/kanban/stages/${made.stage.id}`, { funnel_id: made.funnel.id, stage: { color: '#def' } }),
    ],
    [
      `POST ${V1}/kanban_items`,
      async () =>
        keep(
          'card',
          await admin.post('/kanban_items', {
            kanban_item: {
              funnel_id: made.funnel.id,
              conversation_display_id: made.conversation.id,
              assigned_agents: [agent.id],
              item_details: { title: 'Schema card', value: 10, priority: 'low', currency: { code: 'EUR' } },
              custom_attributes: { source: 'schema' },
            },
          }),
        ),
    ],
    [`GET ${V1}/kanban_items`, () => admin.get('/kanban_items')],
    [`GET ${V1}/funnels/{funnel_id}/kanban_items`, () => admin.get(`/funnels/${made.funnel.id}/kanban_items`)],
    [`GET ${V1}/kanban_items/batch`, () => admin.get(`/kanban_items/batch?funnel_id=${made.funnel.id}`)],
    [`GET ${V1}/kanban_items/search`, () => admin.get('/kanban_items/search?query=schema')],
    [`GET ${V1}/kanban_items/filter`, () => admin.get('/kanban_items/filter?priorities[]=low')],
    [`GET ${V1}/kanban_items/{id}`, () => admin.get(`/kanban_items/${made.card.id}`)],
    [
      `PATCH ${V1}/kanban_items/{id}`,
      () => admin.patch(`/kanban_items/${made.card.id}`, { kanban_item: { item_details: { description: 'Patched' } } }),
    ],
    [
      `PUT ${V1}/kanban_items/{id}`,
      () => admin.put(`/kanban_items/${made.card.id}`, { kanban_item: { item_details: { value: 20 } } }),
    ],
    [
      `POST ${V1}/kanban_items/{id}/assign_agent`,
      () => admin.post(`/kanban_items/${made.card.id}/assign_agent`, { agent_id: account.admin.id }),
    ],
    [
      `DELETE ${V1}/kanban_items/{id}/remove_agent`,
      () => admin.delete(`/kanban_items/${made.card.id}/remove_agent`, { body: { agent_id: account.admin.id } }),
    ],
    [`GET ${V1}/kanban_items/{id}/assigned_agents`, () => admin.get(`/kanban_items/${made.card.id}/assigned_agents`)],
    [
      `POST ${V1}/kanban_items/{id}/move_to_stage`,
      () => admin.post(`/kanban_items/${made.card.id}/move_to_stage`, { funnel_stage: 'won' }),
    ],
    [
      `POST ${V1}/kanban_items/{id}/move`,
      () =>
        admin.post(`/kanban_items/${made.card.id}/move`, { funnel_id: made.funnel.id, funnel_stage: made.stage.id }),
    ],
    [
      `POST ${V1}/kanban_items/reorder`,
      () =>
        admin.post('/kanban_items/reorder', {
          positions: [{ id: made.card.id, position: 3, funnel_stage: made.stage.id }],
        }),
    ],
    [
      `POST ${V1}/kanban_items/bulk_move_items`,
      () =>
        admin.post('/kanban_items/bulk_move_items', {
          item_ids: [made.card.id],
          new_stage: 'lead',
          funnel_id: made.funnel.id,
        }),
    ],
    [
      `POST ${V1}/kanban_items/bulk_assign_agent`,
      () =>
        admin.post('/kanban_items/bulk_assign_agent', {
          item_ids: [made.card.id],
          agent_id: agent.id,
          mode: 'replace',
        }),
    ],
    [
      `POST ${V1}/kanban_items/bulk_set_priority`,
      () => admin.post('/kanban_items/bulk_set_priority', { item_ids: [made.card.id], priority: 'high' }),
    ],
    [
      `POST ${V1}/kanban_items/{id}/change_status`,
      () => admin.post(`/kanban_items/${made.card.id}/change_status`, { status: 'lost' }),
    ],
    [`GET ${V1}/kanban_items/{id}/time_report`, () => admin.get(`/kanban_items/${made.card.id}/time_report`)],
    [
      `GET ${V1}/kanban_items/{id}/stage_time_breakdown`,
      () => admin.get(`/kanban_items/${made.card.id}/stage_time_breakdown`),
    ],
    [`GET ${V1}/funnels/{id}/stage_stats`, () => admin.get(`/funnels/${made.funnel.id}/stage_stats`)],
    [`GET ${V1}/kanban_items/reports`, () => admin.get(`/kanban_items/reports?funnel_id=${made.funnel.id}`)],
    [`GET ${V1}/kanban_items/counts`, () => admin.get('/kanban_items/counts')],
    [`GET ${V1}/kanban_items/debug`, () => admin.get('/kanban_items/debug')],
    [
      `POST ${V1}/kanban/automations`,
      async () =>
        keep(
          'kanbanAutomation',
          await admin.post('/kanban/automations', {
            kanban_automation: {
              name: 'Schema automation',
              funnel_id: made.funnel.id,
              trigger: 'stage_entered',
              stage_id: 'won',
              conditions: [{ attribute: 'priority', operator: 'equal_to', value: 'high' }],
              actions: [{ action_name: 'add_checklist_item', action_params: ['Send the invoice'] }],
            },
          }),
        ),
    ],
    [`GET ${V1}/kanban/automations`, () => admin.get('/kanban/automations')],
    [`GET ${V1}/kanban/automations/{id}`, () => admin.get(`/kanban/automations/${made.kanbanAutomation.id}`)],
    [
      `PATCH ${V1}/kanban/automations/{id}`,
      () => admin.patch(`/kanban/automations/${made.kanbanAutomation.id}`, { kanban_automation: { name: 'Renamed' } }),
    ],
    [
      `PUT ${V1}/kanban/automations/{id}`,
      () => admin.put(`/kanban/automations/${made.kanbanAutomation.id}`, { kanban_automation: { active: true } }),
    ],
    [`GET ${V1}/kanban/automations/{id}/runs`, () => admin.get(`/kanban/automations/${made.kanbanAutomation.id}/runs`)],
    [
      'POST /api/v1/kanban_automations',
      async () =>
        keep(
          'legacyAutomation',
          await root.post('/api/v1/kanban_automations', {
            kanban_automation: {
              name: 'Legacy',
              funnel_id: made.funnel.id,
              trigger: 'time_in_stage',
              stage_id: 'lead',
              hours: 48,
              actions: [{ action_name: 'set_priority', action_params: ['urgent'] }],
            },
          }),
        ),
    ],
    ['GET /api/v1/kanban_automations', () => root.get('/api/v1/kanban_automations')],
    ['GET /api/v1/kanban_automations/{id}', () => root.get(`/api/v1/kanban_automations/${made.legacyAutomation.id}`)],
    [
      'PATCH /api/v1/kanban_automations/{id}',
      () => root.patch(`/api/v1/kanban_automations/${made.legacyAutomation.id}`, { kanban_automation: { hours: 24 } }),
    ],
    [
      'PUT /api/v1/kanban_automations/{id}',
      () =>
        root.put(`/api/v1/kanban_automations/${made.legacyAutomation.id}`, { kanban_automation: { active: false } }),
    ],
    [`GET ${V1}/kanban_items/export`, () => admin.get(`/kanban_items/export?funnel_id=${made.funnel.id}`)],
    [
      `POST ${V1}/kanban_items/import_preview`,
      () => admin.post('/kanban_items/import_preview', undefined, { form: kanbanCsv() }),
    ],
    [
      `POST ${V1}/kanban_items/import`,
      () => {
        const form = kanbanCsv();
        form.append('funnel_id', String(made.funnel.id));
        form.append('default_stage_id', 'lead');
        form.append('mappings', JSON.stringify({ title: 'title', value: 'value' }));
        return admin.post('/kanban_items/import', undefined, { form });
      },
    ],
    [
      `POST ${V1}/kanban_items/{id}/create_checklist_item`,
      async () =>
        keep(
          'checklistItem',
          await admin.post(`/kanban_items/${made.card.id}/create_checklist_item`, {
            text: 'Call',
            due_date: '2026-12-01',
            priority: 'high',
            agent_id: agent.id,
          }),
        ),
    ],
    [`GET ${V1}/kanban_items/{id}/get_checklist`, () => admin.get(`/kanban_items/${made.card.id}/get_checklist`)],
    [
      `PATCH ${V1}/kanban_items/{id}/update_checklist_item`,
      () =>
        admin.patch(`/kanban_items/${made.card.id}/update_checklist_item`, {
          checklist_item_id: made.checklistItem.id,
          text: 'Call back',
        }),
    ],
    [
      `POST ${V1}/kanban_items/{id}/toggle_checklist_item`,
      () =>
        admin.post(`/kanban_items/${made.card.id}/toggle_checklist_item`, { checklist_item_id: made.checklistItem.id }),
    ],
    [
      `POST ${V1}/kanban_items/{id}/assign_agent_to_checklist_item`,
      () =>
        admin.post(`/kanban_items/${made.card.id}/assign_agent_to_checklist_item`, {
          checklist_item_id: made.checklistItem.id,
          agent_id: account.admin.id,
        }),
    ],
    [
      `DELETE ${V1}/kanban_items/{id}/remove_agent_from_checklist_item`,
      () =>
        admin.delete(`/kanban_items/${made.card.id}/remove_agent_from_checklist_item`, {
          body: { checklist_item_id: made.checklistItem.id },
        }),
    ],
    [
      `GET ${V1}/kanban_items/{id}/search_checklist`,
      () => admin.get(`/kanban_items/${made.card.id}/search_checklist?query=call`),
    ],
    [
      `GET ${V1}/kanban_items/{id}/checklist_progress_by_agent`,
      () => admin.get(`/kanban_items/${made.card.id}/checklist_progress_by_agent`),
    ],
    [
      `POST ${V1}/kanban_items/{id}/duplicate_checklist`,
      async () => {
        const target = (
          await admin.post('/kanban_items', {
            kanban_item: { funnel_id: made.funnel.id, item_details: { title: 'Schema target' } },
          })
        ).body;
        return admin.post(`/kanban_items/${made.card.id}/duplicate_checklist`, {
          target_item_id: target.id,
          merge: true,
        });
      },
    ],
    [
      `POST ${V1}/kanban_items/{id}/create_note`,
      async () =>
        keep(
          'note',
          await admin.post(`/kanban_items/${made.card.id}/create_note`, {
            text: 'A **note**',
            linked_conversation_id: made.conversation.id,
          }),
        ),
    ],
    [`GET ${V1}/kanban_items/{id}/get_notes`, () => admin.get(`/kanban_items/${made.card.id}/get_notes`)],
    [
      `PATCH ${V1}/kanban_items/{id}/update_note`,
      () => admin.patch(`/kanban_items/${made.card.id}/update_note`, { note_id: made.note.id, text: 'Edited' }),
    ],
    [
      `POST ${V1}/kanban/items/{item_id}/attachments`,
      async () =>
        keep(
          'kanbanFile',
          await admin.post(`/kanban/items/${made.card.id}/attachments`, undefined, { form: kanbanUpload() }),
        ),
    ],
    [`GET ${V1}/kanban/items/{item_id}/attachments`, () => admin.get(`/kanban/items/${made.card.id}/attachments`)],
    [
      `POST ${V1}/kanban/items/{item_id}/note_attachments`,
      async () =>
        keep(
          'kanbanNoteFile',
          await admin.post(`/kanban/items/${made.card.id}/note_attachments`, undefined, {
            form: kanbanUpload(made.note.id),
          }),
        ),
    ],

    // Deletes last: the rows above use what they remove.
    [
      'DELETE /api/v1/kanban_automations/{id}',
      () => root.delete(`/api/v1/kanban_automations/${made.legacyAutomation.id}`),
    ],
    [`DELETE ${V1}/kanban/automations/{id}`, () => admin.delete(`/kanban/automations/${made.kanbanAutomation.id}`)],
    [
      `DELETE ${V1}/kanban_items/{id}/delete_checklist_item`,
      () =>
        admin.delete(`/kanban_items/${made.card.id}/delete_checklist_item`, {
          body: { checklist_item_id: made.checklistItem.id },
        }),
    ],
    [
      `DELETE ${V1}/kanban/items/{item_id}/note_attachments/{id}`,
      () => admin.delete(`/kanban/items/${made.card.id}/note_attachments/${made.kanbanNoteFile.id}`),
    ],
    [
      `DELETE ${V1}/kanban/items/{item_id}/attachments/{id}`,
      () => admin.delete(`/kanban/items/${made.card.id}/attachments/${made.kanbanFile.id}`),
    ],
    [
      `DELETE ${V1}/kanban_items/{id}/delete_note`,
      () => admin.delete(`/kanban_items/${made.card.id}/delete_note`, { body: { note_id: made.note.id } }),
    ],
    [`DELETE ${V1}/kanban_items/{id}`, () => admin.delete(`/kanban_items/${made.card.id}`)],
    [
      `DELETE ${V1}/kanban/stages/{id}`,
      () => admin.delete(`/kanban/stages/${made.stage.id}?funnel_id=${made.funnel.id}`),
    ],
    [`DELETE ${V1}/funnels/{id}`, () => admin.delete(`/funnels/${made.funnel.id}`)],
    [`DELETE ${V1}/kanban_config`, () => admin.delete('/kanban_config')],
    [`DELETE ${V1}/automation_rules/{id}`, () => admin.delete(`/automation_rules/${made.rule.payload.id}`)],
    [
      `DELETE ${V1}/campaigns/{id}`,
      async () =>
        admin.delete(
          `/campaigns/${(await admin.post('/campaigns', { title: 'Draft', message: 'Hi', inbox_id: made.widget.id, audience: made.campaign.audience, status: 'draft' })).body.id}`,
        ),
    ],
    [`DELETE ${V1}/macros/{id}`, () => admin.delete(`/macros/${made.macro.id}`)],
    [`DELETE ${V1}/webhooks/{id}`, () => admin.delete(`/webhooks/${made.webhook.id}`)],
    [`DELETE ${V1}/contacts/{id}`, () => admin.delete(`/contacts/${made.contact.contact.id}`)],
    [`DELETE ${V1}/canned_responses/{id}`, () => admin.delete(`/canned_responses/${made.canned.id}`)],
    [
      `DELETE ${V1}/custom_attribute_definitions/{id}`,
      () => admin.delete(`/custom_attribute_definitions/${made.definition.id}`),
    ],
    [`DELETE ${V1}/labels/{id}`, () => admin.delete(`/labels/${made.label.id}`)],
    [`DELETE ${V1}/inboxes/{id}`, () => admin.delete(`/inboxes/${made.widget.id}`)],
    [`DELETE ${V1}/agent_bots/{id}`, () => admin.delete(`/agent_bots/${made.bot.id}`)],
    [`DELETE ${V1}/teams/{id}`, () => admin.delete(`/teams/${made.team.id}`)],
  ];

  /** A small PDF in the multipart field `attachment` (and the note it belongs to). */
  function kanbanUpload(noteId?: number): FormData {
    const form = new FormData();
    if (noteId !== undefined) form.append('note_id', String(noteId));
    form.append('attachment', new Blob(['%PDF-1.7\n%%EOF\n']), 'schema.pdf');
    return form;
  }

  /** A two-card CSV in the multipart field `file`. */
  function kanbanCsv(): FormData {
    const form = new FormData();
    form.append('file', new Blob(['title;value\nImported;5\nAnother;7\n']), 'cards.csv');
    return form;
  }

  /** A WhatsApp inbox connected to the fake Graph API (made once). */
  async function whatsAppInbox(): Promise<{ inbox: any; meta: Record<string, string> }> {
    if (!made['whatsAppInbox']) {
      const meta = await fakeProvider('meta', 'accounts');
      const inbox = (
        await admin.post('/inboxes', {
          name: 'Schema WhatsApp',
          channel: {
            type: 'mobile_chat',
            phone_number: '+15550009999',
            provider_config: {
              api_key: meta.api_key,
              phone_number_id: meta.phone_number_id,
              app_secret: meta.app_secret,
            },
          },
        })
      ).body;
      made['whatsAppInbox'] = { inbox, meta };
    }
    return made['whatsAppInbox'] as { inbox: any; meta: Record<string, string> };
  }

  /** A web-widget inbox (its public base path) and a visitor of it, made once. */
  async function widgetVisitor(): Promise<{ base: string; visitor: { source_id: string } }> {
    if (!made['widgetVisitor']) {
      const widget = (
        await admin.post('/inboxes', {
          name: 'Schema site',
          channel: { type: 'web_widget', website_url: 'https://schema.example.com' },
          enable_auto_assignment: false,
        })
      ).body;
      const base = `/public/api/v1/inboxes/${widget.website_token}`;
      made['widgetVisitor'] = { base, visitor: (await gatewayClient().post(`${base}/contacts`, {})).body };
    }
    return made['widgetVisitor'] as { base: string; visitor: { source_id: string } };
  }

  /** Remembers a row's answer for the rows after it. */
  /** The public client API of the suite's API inbox, and its visitor's conversations. */
  function publicInbox(): string {
    return `/public/api/v1/inboxes/${made.inbox.inbox_identifier}`;
  }

  function publicConversations(): string {
    return `${publicInbox()}/contacts/${made.publicContact.source_id}/conversations`;
  }

  function keep(name: string, response: ApiResponse): ApiResponse {
    made[name] = response.body;
    return response;
  }

  /** Why the answer breaks its operation's documented success answer (empty when it does not). */
  function problemsOf(
    operation: DocumentedOperation,
    response: Pick<ApiResponse, 'status' | 'body' | 'text'> & { contentType: string },
  ): string[] {
    if (response.status !== operation.status)
      return [`answered ${response.status}, documented ${operation.status}: ${response.text.slice(0, 300)}`];
    if (operation.contentType === null)
      return response.text === '' ? [] : [`documented without a body, answered ${response.text.slice(0, 100)}`];
    if (!operation.problems) {
      const documented = operation.contentType === '*/*' || response.contentType.startsWith(operation.contentType);
      return documented && response.text !== ''
        ? []
        : [`documented ${operation.contentType}, answered ${response.contentType || 'nothing'}`];
    }
    return operation.problems(response.body);
  }

  it('has a row for every documented operation, and none for an operation the document lacks', () => {
    const documented = operations.map((operation) => operation.key).sort();
    expect(rows.map(([key]) => key).sort()).toEqual(documented);
    // Every success answer is described: a schema, or no body at all.
    const undescribed = operations
      .filter((operation) => operation.status !== 204 && operation.contentType === null)
      .map((operation) => operation.key);
    expect(undescribed).toEqual([]);
  });

  it.each(rows.map(([key, call]) => ({ key, call })))('$key answers what the document says', async ({ key, call }) => {
    const operation = operations.find((candidate) => candidate.key === key);
    if (!operation) throw new Error(`${key} is not in the served document`);
    const response = await call();
    const problems = problemsOf(operation, { ...response, contentType: response.headers.get('content-type') ?? '' });
    if (problems.length)
      throw new Error(`${key}:\n  ${problems.join('\n  ')}\n  body: ${response.text.slice(0, 2000)}`);
  });

  it('admits every successful JSON answer that the suites of this run recorded', () => {
    const problems = new Map<string, string[]>();
    let checked = 0;
    for (const recorded of recordedResponses()) {
      if (recorded.status < 200 || recorded.status >= 300 || recorded.body === null) continue;
      const operation = operationOf(operations, recorded.method, recorded.path);
      if (!operation?.problems || operation.status !== recorded.status) continue;
      checked += 1;
      const found = operation.problems(recorded.body);
      // One example per operation and problem is enough to find it.
      for (const problem of found) {
        const seen = problems.get(operation.key) ?? [];
        if (!seen.includes(problem) && seen.length < 5)
          problems.set(operation.key, [...seen, `${problem} (${recorded.method} ${recorded.path})`]);
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(Object.fromEntries(problems)).toEqual({});
  });
});
