import { eventSubject, MessageEvents, type EventEnvelope, type EventMap } from '@parley/contracts';
import { namespaced } from '@parley/service-kit';
import {
  createTestAccount,
  createWebhookEndpoint,
  eventually,
  gatewayClient,
  mailsTo,
  publishedEvents,
  readE2eState,
  seedContact,
  verifyParleySignature,
  type TestAccount,
} from '@parley/testing';
import { connect, JSONCodec } from 'nats';
import { randomBytes, randomUUID } from 'node:crypto';

type MessageCreated = EventMap[typeof MessageEvents.created];

const unique = () => randomBytes(3).toString('hex');
const codec = JSONCodec<EventEnvelope>();

/** Publishes one envelope several times, each with its own JetStream message id, as a redelivering broker would hand it over. */
async function publishTimes(envelope: EventEnvelope, times: number): Promise<void> {
  const { natsUrl, namespace } = readE2eState();
  const connection = await connect({ servers: natsUrl });
  try {
    for (let i = 0; i < times; i++)
      await connection
        .jetstream()
        .publish(namespaced(namespace, eventSubject(envelope.type)), codec.encode(envelope), { msgID: randomUUID() });
  } finally {
    await connection.close();
  }
}

describe('automation rules: evaluation', () => {
  let account: TestAccount;
  let inboxId: number;

  beforeAll(async () => {
    account = await createTestAccount();
    inboxId = (
      await account.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' }, enable_auto_assignment: false })
    ).body.id;
  });

  const api = () => account.admin.api;

  // Each test's rules stop when it ends, so they do not act on the next test's conversations.
  afterEach(async () => {
    for (const rule of (await api().get('/automation_rules')).body.payload as Array<{ id: number; active: boolean }>) {
      if (rule.active) await api().post(`/automation_rules/${rule.id}/active`);
    }
  });

  async function conversation(extra: Record<string, unknown> = {}): Promise<number> {
    const contact = await seedContact(account.id, { name: 'Rita' });
    const created = await api().post('/conversations', {
      source_id: `s-${unique()}`,
      inbox_id: inboxId,
      contact_id: contact.id,
      ...extra,
    });
    expect(created.status).toBe(201);
    return created.body.id;
  }

  const show = async (id: number) => (await api().get(`/conversations/${id}`)).body;
  const messages = async (id: number) =>
    (await api().get(`/conversations/${id}/messages`)).body.payload as Array<{
      content: string;
      private: boolean;
      message_type: string;
    }>;
  const incoming = (id: number, content: string) =>
    api().post(`/conversations/${id}/messages`, { content, message_type: 'incoming' });

  async function label(): Promise<string> {
    const title = `l-${unique()}`;
    expect((await api().post('/labels', { title })).status).toBe(201);
    return title;
  }

  async function createRule(body: Record<string, unknown>): Promise<number> {
    const response = await api().post('/automation_rules', {
      name: `rule ${unique()}`,
      event_name: 'message_created',
      ...body,
    });
    expect(response.status).toBe(201);
    return response.body.payload.id;
  }

  const runs = async (ruleId: number) => (await api().get(`/automation_rules/${ruleId}/runs`)).body;

  it('runs matching rules oldest first, the second seeing the label the first added, and logs each run', async () => {
    const [billing, vipTag] = [await label(), await label()];
    const marker = unique();
    const first = await createRule({
      conditions: [{ attribute_key: 'content', filter_operator: 'contains', values: [marker] }],
      actions: [{ action_name: 'add_label', action_params: [billing] }],
    });
    const second = await createRule({
      conditions: [{ attribute_key: 'labels', filter_operator: 'contains', values: [billing] }],
      actions: [
        { action_name: 'change_priority', action_params: ['urgent'] },
        { action_name: 'add_label', action_params: [vipTag] },
      ],
    });
    const id = await conversation();
    expect((await incoming(id, `Refund ${marker.toUpperCase()} please`)).status).toBe(201);

    await eventually(async () => {
      const current = await show(id);
      expect(current.labels).toEqual([billing, vipTag].sort());
      expect(current.priority).toBe('urgent');
    });
    const [event] = (await publishedEvents<MessageCreated>(MessageEvents.created)).filter(
      (e) => e.data.conversation.id === id && e.account_id === account.id && e.data.message.content?.includes('Refund'),
    );
    const log = await eventually(async () => {
      const page = await runs(second);
      expect(page.payload).toHaveLength(1);
      return page;
    });
    expect(log).toEqual({
      meta: { count: 1, current_page: 1 },
      payload: [
        {
          id: expect.any(Number),
          event_id: event.id,
          event_name: 'message_created',
          conversation_id: id,
          matched: true,
          actions: [
            { action_name: 'change_priority', outcome: 'applied', reason: null },
            { action_name: 'add_label', outcome: 'applied', reason: null },
          ],
          created_at: expect.any(Number),
        },
      ],
    });
    expect((await runs(first)).payload[0]).toMatchObject({ event_id: event.id, matched: true });
  });

  it('binds AND tighter than OR, and logs the runs that did not match', async () => {
    const tag = await label();
    const [a, b] = [unique(), unique()];
    // status = resolved OR (content contains a AND content contains b)
    const rule = await createRule({
      conditions: [
        { attribute_key: 'status', filter_operator: 'equal_to', values: ['resolved'], query_operator: 'or' },
        { attribute_key: 'content', filter_operator: 'contains', values: [a], query_operator: 'and' },
        { attribute_key: 'content', filter_operator: 'contains', values: [b] },
      ],
      actions: [{ action_name: 'add_label', action_params: [tag] }],
    });
    const only = await conversation();
    const both = await conversation();
    await incoming(only, `just ${a}`);
    await incoming(both, `${a} and ${b}`);
    await eventually(async () => expect((await show(both)).labels).toEqual([tag]));
    const log = await eventually(async () => {
      const page = await runs(rule);
      expect(page.payload).toHaveLength(2);
      return page.payload as Array<{ conversation_id: number; matched: boolean; actions: unknown[] }>;
    });
    expect(log.find((run) => run.conversation_id === only)).toMatchObject({ matched: false, actions: [] });
    expect(log.find((run) => run.conversation_id === both)).toMatchObject({ matched: true });
    expect((await show(only)).labels).toEqual([]);
  });

  it('does not loop: messages a rule sends do not trigger rules, its own included', async () => {
    const marker = unique();
    const rule = await createRule({
      conditions: [
        { attribute_key: 'message_type', filter_operator: 'equal_to', values: ['outgoing'], query_operator: 'and' },
        { attribute_key: 'content', filter_operator: 'does_not_contain', values: ['nothing-matches-this'] },
      ],
      actions: [{ action_name: 'send_message', action_params: [`auto ${marker}`] }],
    });
    const id = await conversation();
    await api().post(`/conversations/${id}/messages`, { content: 'hello from a person' });
    await eventually(async () =>
      expect((await messages(id)).filter((m) => m.content === `auto ${marker}`)).toHaveLength(1),
    );
    // A later person's message is consumed after the rule's own: once its run is logged, the rule's message was passed over.
    await api().post(`/conversations/${id}/messages`, { content: 'second from a person' });
    const log = await eventually(async () => {
      const page = await runs(rule);
      expect(page.payload).toHaveLength(2);
      return page.payload as Array<{ event_id: string }>;
    });
    expect((await messages(id)).filter((m) => m.content === `auto ${marker}`)).toHaveLength(2);
    const byRule = (await publishedEvents<MessageCreated>(MessageEvents.created)).filter(
      (e) => e.meta.origin === `automation:${rule}`,
    );
    expect(byRule).toHaveLength(2);
    expect(log.map((run) => run.event_id)).not.toContain(byRule[0].id);
  });

  it('runs a rule once for an event published twice', async () => {
    const marker = unique();
    const rule = await createRule({
      conditions: [{ attribute_key: 'content', filter_operator: 'contains', values: [marker] }],
      actions: [{ action_name: 'add_private_note', action_params: [`noted ${marker}`] }],
    });
    const id = await conversation();
    await incoming(id, `original ${marker}`);
    await eventually(async () => expect((await runs(rule)).payload).toHaveLength(1));
    const [original] = (await publishedEvents<MessageCreated>(MessageEvents.created)).filter(
      (e) => e.account_id === account.id && e.data.message.content === `original ${marker}`,
    );
    const copy = {
      ...original,
      id: randomUUID(),
      data: { ...original.data, message: { ...original.data.message, content: `copy ${marker}` } },
    };
    await publishTimes(copy, 2);
    // A later event in the same stream: once its run is logged, both copies have been consumed.
    await incoming(id, `later ${marker}`);
    const log = await eventually(async () => {
      const page = await runs(rule);
      expect(page.payload).toHaveLength(3);
      return page.payload as Array<{ event_id: string }>;
    });
    expect(log.filter((run) => run.event_id === copy.id)).toHaveLength(1);
    expect((await messages(id)).filter((m) => m.content === `noted ${marker}` && m.private)).toHaveLength(3);
  });

  it('applies conversation actions: agent, team, status, mute, note, e-mail to a team', async () => {
    const agent = await account.addUser('agent');
    expect((await api().post(`/inboxes/${inboxId}/inbox_members`, { user_ids: [agent.id] })).status).toBe(200);
    const team = (await api().post('/teams', { name: `team ${unique()}` })).body;
    expect((await api().post(`/teams/${team.id}/team_members`, { user_ids: [agent.id] })).status).toBe(200);
    const subject = `Rule mail ${unique()}`;
    await createRule({
      event_name: 'conversation_created',
      conditions: [{ attribute_key: 'inbox_id', filter_operator: 'equal_to', values: [inboxId] }],
      actions: [
        { action_name: 'assign_agent', action_params: [agent.id] },
        { action_name: 'assign_team', action_params: [team.id] },
        { action_name: 'change_status', action_params: ['pending'] },
        { action_name: 'mute_conversation', action_params: [] },
        { action_name: 'add_private_note', action_params: ['created by a rule'] },
        { action_name: 'send_email_to_team', action_params: [{ team_ids: [team.id], subject }] },
      ],
    });
    const id = await conversation();
    await eventually(async () => {
      const current = await show(id);
      expect(current).toMatchObject({ assignee_id: agent.id, team_id: team.id, status: 'pending', muted: true });
    });
    await eventually(async () =>
      expect((await messages(id)).some((m) => m.content === 'created by a rule' && m.private)).toBe(true),
    );
    await eventually(async () => expect((await mailsTo(agent.email)).map((mail) => mail.subject)).toContain(subject));
  });

  it('snoozes for a duration counted from the event, and reacts to a reopen (conversation_opened)', async () => {
    const reopened = await label();
    await createRule({
      event_name: 'conversation_updated',
      conditions: [{ attribute_key: 'priority', filter_operator: 'equal_to', values: ['low'] }],
      actions: [{ action_name: 'snooze_conversation', action_params: ['P1W'] }],
    });
    const id = await conversation();
    const before = Math.floor(Date.now() / 1000);
    await api().post(`/conversations/${id}/toggle_priority`, { priority: 'low' });
    const snoozed = await eventually(async () => {
      const current = await show(id);
      expect(current.status).toBe('snoozed');
      return current;
    });
    expect(snoozed.snoozed_until).toBeGreaterThanOrEqual(before + 7 * 86_400 - 1);
    expect(snoozed.snoozed_until).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 7 * 86_400 + 1);

    await createRule({
      event_name: 'conversation_opened',
      conditions: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['open'] }],
      actions: [{ action_name: 'add_label', action_params: [reopened] }],
    });
    const other = await conversation({ status: 'pending' });
    await api().post(`/conversations/${other}/toggle_status`, { status: 'resolved' });
    expect((await show(other)).labels).toEqual([]);
    await api().post(`/conversations/${other}/toggle_status`, { status: 'open' });
    await eventually(async () => expect((await show(other)).labels).toContain(reopened));
  });

  it("posts the event to a webhook, signed with the rule's secret, and picks the best agent by round-robin", async () => {
    const endpoint = await createWebhookEndpoint({ fail_times: 1 });
    const agent = await account.addUser('agent');
    const inbox = (
      await api().post('/inboxes', { name: `rr ${unique()}`, channel: { type: 'api' }, enable_auto_assignment: false })
    ).body.id;
    expect((await api().post(`/inboxes/${inbox}/inbox_members`, { user_ids: [agent.id] })).status).toBe(200);
    expect(
      (await gatewayClient(agent.token).patch('/api/v1/profile', { availability: 'online', account_id: account.id }))
        .status,
    ).toBe(200);
    const created = await api().post('/automation_rules', {
      name: 'hook',
      event_name: 'conversation_created',
      conditions: [{ attribute_key: 'inbox_id', filter_operator: 'equal_to', values: [inbox] }],
      actions: [
        { action_name: 'assign_best_agent', action_params: [] },
        { action_name: 'send_webhook_event', action_params: [endpoint.url] },
      ],
    });
    expect(created.status).toBe(201);
    const rule = created.body.payload;
    const contact = await seedContact(account.id, { name: 'Hook' });
    const id = (
      await api().post('/conversations', { source_id: `s-${unique()}`, inbox_id: inbox, contact_id: contact.id })
    ).body.id;

    await eventually(async () => expect((await show(id)).assignee_id).toBe(agent.id));
    const requests = await eventually(
      async () => {
        const received = await endpoint.requests();
        expect(received.map((request) => request.status)).toEqual([500, 200]);
        return received;
      },
      { timeoutMs: 15_000 },
    );
    for (const request of requests) expect(verifyParleySignature(rule.webhook_secret, request)).toBe(true);
    const body = JSON.parse(requests[1].body);
    expect(body).toMatchObject({
      event: 'conversation_created',
      rule_id: rule.id,
      account: { id: account.id },
      conversation: { id },
    });
    expect(requests[0].body).toBe(requests[1].body);
  });

  it('records a failing action with its reason and still applies the others', async () => {
    const tag = await label();
    const inbox = (
      await api().post('/inboxes', {
        name: `empty ${unique()}`,
        channel: { type: 'api' },
        enable_auto_assignment: false,
      })
    ).body.id;
    const rule = await createRule({
      event_name: 'conversation_created',
      conditions: [{ attribute_key: 'inbox_id', filter_operator: 'equal_to', values: [inbox] }],
      actions: [
        { action_name: 'assign_best_agent', action_params: [] },
        { action_name: 'add_label', action_params: [tag] },
      ],
    });
    const contact = await seedContact(account.id, { name: 'Nobody' });
    const id = (
      await api().post('/conversations', { source_id: `s-${unique()}`, inbox_id: inbox, contact_id: contact.id })
    ).body.id;
    await eventually(async () => expect((await show(id)).labels).toEqual([tag]));
    const [run] = await eventually(async () => {
      const page = await runs(rule);
      expect(page.payload).toHaveLength(1);
      return page.payload;
    });
    expect(run.actions).toEqual([
      { action_name: 'assign_best_agent', outcome: 'failed', reason: 'No agent is available' },
      { action_name: 'add_label', outcome: 'applied', reason: null },
    ]);
    expect((await show(id)).assignee_id).toBeNull();
  });

  it('sends a copy of an uploaded attachment (send_attachment), whose id is validated against messaging', async () => {
    const source = await conversation();
    const form = new FormData();
    form.append('content', 'brochure');
    form.append('private', 'true');
    form.append(
      'attachments[]',
      new Blob([Buffer.from('%PDF-1.4 brochure')], { type: 'application/pdf' }),
      'brochure.pdf',
    );
    const uploaded = await fetch(
      `${readE2eState().gatewayUrl}/api/v1/accounts/${account.id}/conversations/${source}/messages`,
      { method: 'POST', headers: { api_access_token: account.admin.token }, body: form },
    );
    expect(uploaded.status).toBe(201);
    const attachmentId = ((await uploaded.json()) as { attachments: Array<{ id: number }> }).attachments[0].id;
    const marker = unique();
    await createRule({
      conditions: [{ attribute_key: 'content', filter_operator: 'contains', values: [marker] }],
      actions: [{ action_name: 'send_attachment', action_params: [attachmentId] }],
    });
    const id = await conversation();
    await incoming(id, `send me the brochure ${marker}`);
    const sent = await eventually(async () => {
      const found = (
        (await api().get(`/conversations/${id}/messages`)).body.payload as Array<{
          message_type: string;
          attachments: Array<{ data_url: string; file_size: number }>;
        }>
      ).find((m) => m.attachments.length > 0);
      expect(found).toBeDefined();
      return found!;
    });
    expect(sent).toMatchObject({
      message_type: 'outgoing',
      attachments: [expect.objectContaining({ extension: 'pdf', file_size: 17 })],
    });
    expect(await (await fetch(sent.attachments[0].data_url)).text()).toBe('%PDF-1.4 brochure');
  });

  it("tests a contact's custom attribute when the conversation has none of that name", async () => {
    const key = `vip_${unique()}`;
    expect(
      (
        await api().post('/custom_attribute_definitions', {
          attribute_display_name: key,
          attribute_key: key,
          attribute_display_type: 'checkbox',
          attribute_model: 'contact_attribute',
        })
      ).status,
    ).toBe(201);
    const tag = await label();
    await createRule({
      event_name: 'conversation_created',
      conditions: [{ attribute_key: `custom_attributes.${key}`, filter_operator: 'equal_to', values: [true] }],
      actions: [{ action_name: 'add_label', action_params: [tag] }],
    });
    const contactOf = async (vip: boolean) =>
      (
        await eventually(async () => {
          const created = await api().post('/contacts', {
            inbox_id: inboxId,
            name: `vip ${vip}`,
            custom_attributes: { [key]: vip },
          });
          expect(created.status).toBe(201);
          return created;
        })
      ).body.payload.contact.id as number;
    const start = async (contactId: number) =>
      (
        await eventually(async () => {
          const created = await api().post('/conversations', {
            source_id: `s-${unique()}`,
            inbox_id: inboxId,
            contact_id: contactId,
          });
          expect(created.status).toBe(201);
          return created;
        })
      ).body.id as number;
    const [vip, regular] = [await start(await contactOf(true)), await start(await contactOf(false))];
    await eventually(async () => expect((await show(vip)).labels).toEqual([tag]));
    expect((await show(regular)).labels).toEqual([]);
  });
});
