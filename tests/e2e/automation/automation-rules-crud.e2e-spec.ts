import { createTestAccount, type TestAccount, type TestUser } from '@parley/testing';
import { randomBytes } from 'node:crypto';

const unique = () => randomBytes(3).toString('hex');

describe('automation rules: CRUD and validation', () => {
  let account: TestAccount;
  let admin: TestUser;

  const rule = (overrides: Record<string, unknown> = {}) => ({
    name: 'Tag billing',
    description: 'Labels billing questions',
    event_name: 'message_created',
    conditions: [{ attribute_key: 'content', filter_operator: 'contains', values: ['invoice'], query_operator: null }],
    actions: [{ action_name: 'change_priority', action_params: ['high'] }],
    ...overrides,
  });

  beforeAll(async () => {
    account = await createTestAccount();
    admin = account.admin;
  });

  it('creates (201), shows, lists, updates, clones, toggles and deletes a rule, in the envelopes of the reference API', async () => {
    const created = await admin.api.post('/automation_rules', rule());
    expect(created.status).toBe(201);
    const payload = created.body.payload;
    expect(payload).toEqual({
      id: expect.any(Number),
      account_id: account.id,
      name: 'Tag billing',
      description: 'Labels billing questions',
      event_name: 'message_created',
      conditions: [
        { attribute_key: 'content', filter_operator: 'contains', values: ['invoice'], query_operator: null },
      ],
      actions: [{ action_name: 'change_priority', action_params: ['high'] }],
      active: true,
      webhook_secret: expect.any(String),
      created_on: expect.any(Number),
      updated_at: expect.any(Number),
    });

    expect((await admin.api.get(`/automation_rules/${payload.id}`)).body).toEqual({ payload });
    const list = await admin.api.get('/automation_rules');
    expect(list.status).toBe(200);
    expect(list.body.payload).toContainEqual(payload);

    const updated = await admin.api.patch(`/automation_rules/${payload.id}`, { name: 'Renamed', active: false });
    expect(updated.status).toBe(200);
    expect(updated.body.payload).toMatchObject({
      id: payload.id,
      name: 'Renamed',
      active: false,
      conditions: payload.conditions,
    });

    const clone = await admin.api.post(`/automation_rules/${payload.id}/clone`);
    expect(clone.status).toBe(200);
    expect(clone.body.payload).toMatchObject({
      name: 'Renamed (copy)',
      active: false,
      event_name: 'message_created',
      actions: payload.actions,
    });
    expect(clone.body.payload.id).toBeGreaterThan(payload.id);
    expect(clone.body.payload.webhook_secret).not.toBe(payload.webhook_secret);

    const toggled = await admin.api.post(`/automation_rules/${payload.id}/active`);
    expect(toggled.status).toBe(200);
    expect(toggled.body.payload.active).toBe(true);
    expect((await admin.api.post(`/automation_rules/${payload.id}/active`)).body.payload.active).toBe(false);

    const deleted = await admin.api.delete(`/automation_rules/${payload.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await admin.api.get(`/automation_rules/${payload.id}`)).status).toBe(404);
    expect((await admin.api.get(`/automation_rules/${clone.body.payload.id}`)).status).toBe(200);
  });

  it("is for administrators only (agents get 403), and another account's rule is 404", async () => {
    const agent = await account.addUser('agent');
    const { body } = await admin.api.post('/automation_rules', rule());
    expect((await agent.api.get('/automation_rules')).status).toBe(403);
    expect((await agent.api.post('/automation_rules', rule())).status).toBe(403);
    expect((await agent.api.get(`/automation_rules/${body.payload.id}`)).status).toBe(403);
    expect((await agent.api.post(`/automation_rules/${body.payload.id}/active`)).status).toBe(403);

    const other = await createTestAccount();
    expect((await other.admin.api.get(`/automation_rules/${body.payload.id}`)).status).toBe(404);
    expect((await other.admin.api.delete(`/automation_rules/${body.payload.id}`)).status).toBe(404);
  });

  it('validates agents, teams and labels created a moment ago (read your writes)', async () => {
    const agent = await account.addUser('agent');
    const team = (await admin.api.post('/teams', { name: `team ${unique()}` })).body;
    const title = `fresh-${unique()}`;
    expect((await admin.api.post('/labels', { title })).status).toBe(201);
    const created = await admin.api.post(
      '/automation_rules',
      rule({
        actions: [
          { action_name: 'assign_agent', action_params: [agent.id] },
          { action_name: 'assign_team', action_params: [team.id] },
          { action_name: 'add_label', action_params: [title.toUpperCase()] },
          { action_name: 'send_email_to_team', action_params: [{ team_ids: [team.id], subject: 'Heads up' }] },
        ],
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.payload.actions[2]).toEqual({ action_name: 'add_label', action_params: [title] });
  });

  it('accepts every condition key, custom attributes of an existing definition, and and/or joiners in any case', async () => {
    const key = `tier_${unique()}`;
    const definition = await admin.api.post('/custom_attribute_definitions', {
      attribute_display_name: key,
      attribute_key: key,
      attribute_display_type: 'number',
      attribute_model: 'conversation_attribute',
    });
    expect(definition.status).toBe(201);
    const created = await admin.api.post(
      '/automation_rules',
      rule({
        conditions: [
          { attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: 'AND' },
          { attribute_key: 'labels', filter_operator: 'contains', values: ['vip'], query_operator: 'or' },
          { attribute_key: 'inbox_id', filter_operator: 'equal_to', values: [1], query_operator: 'and' },
          { attribute_key: 'priority', filter_operator: 'is_present', query_operator: 'and' },
          { attribute_key: 'browser_language', filter_operator: 'starts_with', values: ['pt'], query_operator: 'and' },
          { attribute_key: 'message_type', filter_operator: 'equal_to', values: ['incoming'], query_operator: 'and' },
          { attribute_key: `custom_attributes.${key}`, filter_operator: 'greater_than', values: [3] },
        ],
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.payload.conditions.map((c: { query_operator: string | null }) => c.query_operator)).toEqual([
      'and',
      'or',
      'and',
      'and',
      'and',
      'and',
      null,
    ]);
  });

  const condition = (c: Record<string, unknown>) => ({ conditions: [{ query_operator: null, ...c }] });
  const action = (a: Record<string, unknown>) => ({ actions: [a] });

  it.each([
    ['a blank name', { name: '  ' }, "Name can't be blank", 'name'],
    [
      'an unknown event',
      { event_name: 'conversation_resolved' },
      'Event name must be one of conversation_created, conversation_updated, message_created, conversation_opened',
      'event_name',
    ],
    ['no conditions', { conditions: [] }, "Conditions can't be empty", 'conditions'],
    [
      'an unknown attribute',
      condition({ attribute_key: 'mood', filter_operator: 'equal_to', values: ['x'] }),
      'Condition 1: unknown attribute mood',
      'conditions[0].attribute_key',
    ],
    [
      'a custom attribute with no definition',
      condition({ attribute_key: 'custom_attributes.nope', filter_operator: 'equal_to', values: ['x'] }),
      'Condition 1: unknown attribute custom_attributes.nope',
      'conditions[0].attribute_key',
    ],
    [
      'content on a conversation event',
      {
        event_name: 'conversation_created',
        ...condition({ attribute_key: 'content', filter_operator: 'contains', values: ['x'] }),
      },
      'Condition 1: content applies to message_created only',
      'conditions[0].attribute_key',
    ],
    [
      'an unknown operator',
      condition({ attribute_key: 'status', filter_operator: 'resembles', values: ['open'] }),
      'Condition 1: resembles does not apply to status',
      'conditions[0].filter_operator',
    ],
    [
      'an operator of another type',
      condition({ attribute_key: 'status', filter_operator: 'greater_than', values: ['open'] }),
      'Condition 1: greater_than does not apply to status',
      'conditions[0].filter_operator',
    ],
    [
      'a status outside the enum',
      condition({ attribute_key: 'status', filter_operator: 'equal_to', values: ['closed'] }),
      'Condition 1: values must be one of open, resolved, pending, snoozed',
      'conditions[0].values',
    ],
    [
      'an id that is a string',
      condition({ attribute_key: 'assignee_id', filter_operator: 'equal_to', values: ['seven'] }),
      'Condition 1: values must be positive integer ids',
      'conditions[0].values',
    ],
    [
      'empty values',
      condition({ attribute_key: 'content', filter_operator: 'contains', values: [] }),
      "Condition 1: values can't be empty",
      'conditions[0].values',
    ],
    [
      'a missing joiner',
      {
        conditions: [
          { attribute_key: 'status', filter_operator: 'equal_to', values: ['open'] },
          { attribute_key: 'priority', filter_operator: 'is_present' },
        ],
      },
      'Condition 1: query_operator must be and or or',
      'conditions[0].query_operator',
    ],
    [
      'an unknown joiner',
      {
        conditions: [
          { attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: 'xor' },
          { attribute_key: 'priority', filter_operator: 'is_present' },
        ],
      },
      'Condition 1: query_operator must be and or or',
      'conditions[0].query_operator',
    ],
    ['no actions', { actions: [] }, "Actions can't be empty", 'actions'],
    [
      'an unknown action',
      action({ action_name: 'delete_conversation', action_params: [] }),
      'Action 1: unknown action delete_conversation',
      'actions[0].action_name',
    ],
    [
      'an agent of no account',
      action({ action_name: 'assign_agent', action_params: [2_000_000_000] }),
      'Action 1 (assign_agent): action_params must name an agent of the account',
      'actions[0].action_params',
    ],
    [
      'a team of no account',
      action({ action_name: 'assign_team', action_params: [2_000_000_000] }),
      'Action 1 (assign_team): action_params must name a team of the account',
      'actions[0].action_params',
    ],
    [
      'a label that does not exist',
      action({ action_name: 'add_label', action_params: ['no-such-label'] }),
      'Action 1 (add_label): action_params name no label of the account: no-such-label',
      'actions[0].action_params',
    ],
    [
      'a blank message',
      action({ action_name: 'send_message', action_params: [' '] }),
      'Action 1 (send_message): action_params must be a text',
      'actions[0].action_params',
    ],
    [
      'an unknown status',
      action({ action_name: 'change_status', action_params: ['closed'] }),
      'Action 1 (change_status): action_params must be one of open, resolved, pending, snoozed',
      'actions[0].action_params',
    ],
    [
      'an unknown priority',
      action({ action_name: 'change_priority', action_params: ['critical'] }),
      'Action 1 (change_priority): action_params must be one of low, medium, high, urgent',
      'actions[0].action_params',
    ],
    [
      'a plain-HTTP webhook',
      action({ action_name: 'send_webhook_event', action_params: ['http://example.com/hook'] }),
      'Action 1 (send_webhook_event): action_params must be an HTTPS URL',
      'actions[0].action_params',
    ],
    [
      'a bad duration',
      action({ action_name: 'snooze_conversation', action_params: ['next week'] }),
      'Action 1 (snooze_conversation): action_params must be an ISO 8601 duration (P1W) or seconds',
      'actions[0].action_params',
    ],
    [
      'an e-mail without subject',
      action({ action_name: 'send_email_to_team', action_params: [{ team_ids: [1] }] }),
      'Action 1 (send_email_to_team): action_params must have a subject',
      'actions[0].action_params',
    ],
    [
      'an attachment that is not an id',
      action({ action_name: 'send_attachment', action_params: ['file.png'] }),
      'Action 1 (send_attachment): action_params must name an attachment of the account',
      'actions[0].action_params',
    ],
  ])('refuses %s with 422 naming the field', async (_, overrides, error, attribute) => {
    const response = await admin.api.post('/automation_rules', rule(overrides));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ error, attributes: [attribute] });
  });

  it('validates an update as a whole: a new event rules out a message condition', async () => {
    const { body } = await admin.api.post('/automation_rules', rule());
    const response = await admin.api.patch(`/automation_rules/${body.payload.id}`, {
      event_name: 'conversation_opened',
    });
    expect(response.status).toBe(422);
    expect(response.body.attributes).toEqual(['conditions[0].attribute_key']);
    expect((await admin.api.get(`/automation_rules/${body.payload.id}`)).body.payload.event_name).toBe(
      'message_created',
    );
  });

  it.each([
    ['conditions that are not an array', { conditions: 'status = open' }],
    ['a condition without operator', { conditions: [{ attribute_key: 'status', values: ['open'] }] }],
    [
      'values that are not an array',
      { conditions: [{ attribute_key: 'status', filter_operator: 'equal_to', values: 'open' }] },
    ],
    ['an action without name', { actions: [{ action_params: [] }] }],
    ['params that are not an array', { actions: [{ action_name: 'change_priority', action_params: 'high' }] }],
    ['a missing event name', { event_name: undefined }],
    ['a non-boolean active', { active: 'yes' }],
  ])('refuses %s with 400', async (_, overrides) => {
    expect((await admin.api.post('/automation_rules', rule(overrides))).status).toBe(400);
  });

  it('answers 400 for a malformed id and 404 for a missing rule', async () => {
    expect((await admin.api.get('/automation_rules/abc')).status).toBe(400);
    expect((await admin.api.get('/automation_rules/2000000000')).status).toBe(404);
    expect((await admin.api.post('/automation_rules/2000000000/clone')).status).toBe(404);
    expect((await admin.api.get('/automation_rules/2000000000/runs')).status).toBe(404);
  });
});
