import {
  createTestAccount,
  eventually,
  gatewayClient,
  platformClient,
  readE2eState,
  seedContact,
  startService,
  stopService,
  type TestAccount,
  type TestUser,
} from '@parley/testing';

/**
 * Reports through the gateway on a hand-built scenario, real flows end to end: messaging's
 * events reach the reporting service's model, and every number is checked exactly against
 * the times the API itself answered.
 */
describe('reports (v2)', () => {
  let account: TestAccount;
  let admin: TestUser;
  let inboxId: number;
  let since: number;
  const v2 = (path: string) => `/api/v2/accounts/${account.id}/reports${path}`;
  const get = (path: string, token = admin.token) => gatewayClient(token).get(v2(path));
  const window = () => `since=${since}&until=${Math.floor(Date.now() / 1000) + 3600}`;

  const expected = {
    conversations: 0,
    incoming: 0,
    outgoing: 0,
    resolutions: 0,
    firstResponses: [] as number[],
    replies: [] as number[],
  };
  const avg = (values: number[]) =>
    values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100 : 0;

  async function conversation(): Promise<{ id: number; created_at: number }> {
    const contact = await seedContact(account.id);
    const created = await admin.api.post('/conversations', {
      source_id: `s-${contact.id}`,
      inbox_id: inboxId,
      contact_id: contact.id,
    });
    expect(created.status).toBe(201);
    expected.conversations += 1;
    expected.outgoing += 1; // the rule's welcome message: outgoing, but no reply
    return created.body;
  }

  async function message(conversationId: number, body: Record<string, unknown>): Promise<{ created_at: number }> {
    const sent = await admin.api.post(`/conversations/${conversationId}/messages`, body);
    expect(sent.status).toBe(201);
    return sent.body;
  }

  beforeAll(async () => {
    since = Math.floor(Date.now() / 1000) - 60;
    account = await createTestAccount();
    admin = account.admin;
    const inbox = await admin.api.post('/inboxes', {
      name: 'Web',
      channel: { type: 'api' },
      enable_auto_assignment: false,
    });
    expect(inbox.status).toBe(201);
    inboxId = inbox.body.id;
    const rule = await admin.api.post('/automation_rules', {
      name: 'Welcome',
      event_name: 'conversation_created',
      conditions: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: null }],
      actions: [{ action_name: 'send_message', action_params: ['Welcome!'] }],
    });
    expect(rule.status).toBe(201);
  });

  it('counts a hand-built scenario exactly: first response, replies, resolve, reopen; notes, activity and automation messages do not count', async () => {
    const a = await conversation();
    const firstIncoming = await message(a.id, { content: 'Hello?', message_type: 'incoming' });
    await message(a.id, { content: 'internal note', message_type: 'outgoing', private: true });
    const reply = await message(a.id, { content: 'Hi, how can I help?', message_type: 'outgoing' });
    const secondIncoming = await message(a.id, { content: 'My invoice', message_type: 'incoming' });
    const thirdIncoming = await message(a.id, { content: 'Are you there?', message_type: 'incoming' });
    const secondReply = await message(a.id, { content: 'Here it is', message_type: 'outgoing' });
    expected.incoming += 3;
    expected.outgoing += 2;
    expected.firstResponses.push(reply.created_at - a.created_at);
    expected.replies.push(
      reply.created_at - firstIncoming.created_at,
      secondReply.created_at - secondIncoming.created_at,
      secondReply.created_at - thirdIncoming.created_at,
    );
    expect((await admin.api.post(`/conversations/${a.id}/assignments`, { assignee_id: admin.id })).status).toBe(204);
    for (const status of ['resolved', 'open', 'resolved']) {
      expect((await admin.api.post(`/conversations/${a.id}/toggle_status`, { status })).status).toBe(200);
    }
    expected.resolutions += 2;
    const b = await conversation();
    expect(b).toMatchObject({ assignee_id: null });

    await eventually(
      async () => {
        const summary = await get(`/summary?${window()}`);
        expect(summary.status).toBe(200);
        expect(summary.headers.get('x-report-rebuilding')).toBe('false');
        expect(summary.body).toEqual({
          open_conversations_count: 1,
          agents_online_count: expect.any(Number),
          average_first_response_time: avg(expected.firstResponses),
          average_resolution_time: expect.any(Number),
          average_response_time: avg(expected.replies),
          conversations_count: expected.conversations,
          incoming_messages_count: expected.incoming,
          outgoing_messages_count: expected.outgoing,
          resolutions_count: expected.resolutions,
          // The window of the same length before `since`: before this account had anything; the live counts are "now" either way.
          previous: {
            open_conversations_count: 1,
            agents_online_count: summary.body.agents_online_count,
            average_first_response_time: 0,
            average_resolution_time: 0,
            average_response_time: 0,
            conversations_count: 0,
            incoming_messages_count: 0,
            outgoing_messages_count: 0,
            resolutions_count: 0,
          },
        });
      },
      { timeoutMs: 20_000 },
    );

    const agent = await get(`/summary?${window()}&type=agent&id=${admin.id}`);
    expect(agent.body).toMatchObject({
      conversations_count: 1, // assigned once
      outgoing_messages_count: 2, // the person's replies, not the rule's
      resolutions_count: 2,
      average_first_response_time: avg(expected.firstResponses),
      open_conversations_count: 0,
    });
    const inbox = await get(`/summary?${window()}&type=inbox&id=${inboxId}`);
    expect(inbox.body).toMatchObject({
      conversations_count: expected.conversations,
      incoming_messages_count: expected.incoming,
    });
  });

  it('answers series in the requested zone, every bucket present, DST-correct for named zones', async () => {
    // 24–27 Oct 2026: Berlin leaves summer time on the 25th (midnights at 22:00, then 23:00 UTC).
    const from = Date.parse('2026-10-23T22:00:00Z') / 1000;
    const to = Date.parse('2026-10-26T23:00:00Z') / 1000;
    const series = await get(
      `/conversations?metric=conversations_count&group_by=day&timezone=Europe/Berlin&since=${from}&until=${to}`,
    );
    expect(series.status).toBe(200);
    expect(series.body).toEqual([
      { timestamp: Date.parse('2026-10-23T22:00:00Z') / 1000, value: 0 },
      { timestamp: Date.parse('2026-10-24T22:00:00Z') / 1000, value: 0 },
      { timestamp: Date.parse('2026-10-25T23:00:00Z') / 1000, value: 0 },
    ]);
    const offset = await get(
      `/conversations?metric=conversations_count&group_by=day&timezone_offset=-3&since=${from}&until=${from + 86_400}`,
    );
    expect(offset.body.map((point: { timestamp: number }) => point.timestamp)).toEqual([
      Date.parse('2026-10-23T03:00:00Z') / 1000,
      Date.parse('2026-10-24T03:00:00Z') / 1000,
    ]);

    const today = await get(`/conversations?metric=conversations_count&group_by=year&${window()}`);
    expect(today.body.reduce((total: number, point: { value: number }) => total + point.value, 0)).toBe(
      expected.conversations,
    );
    const firstResponse = await get(
      `/conversations?metric=avg_first_response_time&group_by=year&business_hours=true&${window()}`,
    );
    // No working hours on the inbox: every second is a business second.
    expect(Math.max(...firstResponse.body.map((point: { value: number }) => point.value))).toBe(
      avg(expected.firstResponses),
    );
  });

  it('lists agents, inboxes, teams and labels summaries, and exports CSV with a BOM and `;`', async () => {
    const agents = await get(`/agents_summary?${window()}`);
    expect(agents.status).toBe(200);
    expect(agents.body).toContainEqual(
      expect.objectContaining({ id: admin.id, conversations_count: 1, resolved_conversations_count: 2 }),
    );
    const inboxes = await get(`/inboxes_summary?${window()}`);
    expect(inboxes.body).toEqual([
      expect.objectContaining({ id: inboxId, name: 'Web', conversations_count: expected.conversations }),
    ]);
    expect((await get(`/teams_summary?${window()}`)).body).toEqual([]);
    expect((await get(`/labels_summary?${window()}`)).status).toBe(200);

    const response = await fetch(`${readE2eState().gatewayUrl}${v2(`/inboxes_summary?${window()}&format=csv`)}`, {
      headers: { api_access_token: admin.token },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="inboxes_summary.csv"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\n');
    expect(lines[0]).toBe(
      'id;name;conversations_count;resolved_conversations_count;avg_first_response_time;avg_resolution_time;avg_reply_time',
    );
    expect(lines[1]).toMatch(new RegExp(`^${inboxId};Web;${expected.conversations};`));
    const summaryCsv = await fetch(`${readE2eState().gatewayUrl}${v2(`/summary?${window()}&type=csv`)}`, {
      headers: { api_access_token: admin.token },
    });
    expect((await summaryCsv.text()).split('\n')[0]).toContain('open_conversations_count;agents_online_count');
  });

  it('answers live conversation and agent counts', async () => {
    const live = await get('/live/conversations?group_by=team');
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({
      open: 1,
      unassigned: 1,
      pending: 0,
      teams: [expect.objectContaining({ team_id: null, open: 1 })],
    });
    const agents = await get('/live/agents');
    expect(agents.status).toBe(200);
    expect(agents.body.agents).toContainEqual(expect.objectContaining({ id: admin.id, open_conversations_count: 0 }));
    const traffic = await get(`/conversations_traffic?${window()}`);
    expect(traffic.body).toHaveLength(7 * 24);
    expect(
      traffic.body.reduce(
        (total: number, cell: { conversations_count: number }) => total + cell.conversations_count,
        0,
      ),
    ).toBe(expected.conversations);
  });

  it('refuses bad windows and parameters (400), an id-less scope (422), and agents (403)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const until = await get(`/summary?since=${now}&until=${now - 10}`);
    expect(until.status).toBe(400);
    expect(until.body.error).toMatch(/until/);
    expect((await get(`/summary?since=0&until=${now}`)).status).toBe(400);
    const unknown = await get(`/summary?${window()}&colour=blue`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/colour/);
    const metric = await get(`/conversations?metric=happiness&${window()}`);
    expect(metric.status).toBe(400);
    expect(metric.body.error).toMatch(/happiness/);
    expect((await get(`/conversations?metric=conversations_count&timezone=Mars/Olympus&${window()}`)).status).toBe(400);
    const combination = await get(`/summary?${window()}&type=agent`);
    expect(combination.status).toBe(422);
    expect(combination.body).toMatchObject({ error: expect.stringMatching(/id/) });
    const agent = await account.addUser('agent');
    for (const path of [
      '/summary',
      '/conversations?metric=conversations_count',
      '/agents_summary',
      '/live/agents',
      '/live/conversations',
      '/conversations_traffic',
    ]) {
      expect((await get(path, agent.token)).status).toBe(403);
    }
  });

  it('catches up on events produced while the reporting service was stopped', async () => {
    await stopService('reporting');
    try {
      await conversation();
    } finally {
      await startService('reporting');
    }
    await eventually(
      async () => expect((await get(`/summary?${window()}`)).body.conversations_count).toBe(expected.conversations),
      { timeoutMs: 30_000 },
    );
  });
});

describe('reporting model rebuild', () => {
  it('empties the model, replays the stream into it, says so meanwhile, and gives the same numbers', async () => {
    const account = await createTestAccount();
    const admin = account.admin;
    const inbox = (
      await admin.api.post('/inboxes', { name: 'Rebuild', channel: { type: 'api' }, enable_auto_assignment: false })
    ).body;
    for (let n = 0; n < 3; n++) {
      const contact = await seedContact(account.id);
      const { body } = await admin.api.post('/conversations', {
        source_id: `r-${contact.id}`,
        inbox_id: inbox.id,
        contact_id: contact.id,
      });
      await admin.api.post(`/conversations/${body.id}/messages`, { content: 'Hi', message_type: 'incoming' });
      await admin.api.post(`/conversations/${body.id}/messages`, { content: 'Hello', message_type: 'outgoing' });
      if (n > 0) await admin.api.post(`/conversations/${body.id}/toggle_status`, { status: 'resolved' });
    }
    const path = `/api/v2/accounts/${account.id}/reports/summary`;
    const summary = () => gatewayClient(admin.token).get(path);
    const before = await eventually(async () => {
      const response = await summary();
      expect(response.body).toMatchObject({
        conversations_count: 3,
        incoming_messages_count: 3,
        outgoing_messages_count: 3,
        resolutions_count: 2,
      });
      return response.body;
    });

    const platform = platformClient();
    const started = await platform.post('/platform/api/v1/reporting/rebuild');
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ rebuilding: true });
    // Until the replay has caught up, every report says the numbers are incomplete.
    const during = await summary();
    expect(during.status).toBe(200);
    if (during.headers.get('x-report-rebuilding') === 'false') expect(during.body).toEqual(before);

    // The replay covers every event of the run so far: in a full run that takes a while.
    await eventually(
      async () => expect((await platform.get('/platform/api/v1/reporting/state')).body).toEqual({ rebuilding: false }),
      { timeoutMs: 170_000, intervalMs: 250 },
    );
    const after = await summary();
    expect(after.headers.get('x-report-rebuilding')).toBe('false');
    expect(after.body).toEqual(before);
    expect((await gatewayClient(admin.token).post('/platform/api/v1/reporting/rebuild')).status).toBe(401);
  }, 180_000);
});

describe('business-hours variants', () => {
  it('count only the inbox working hours: a week closed all day leaves no business seconds', async () => {
    const account = await createTestAccount();
    const admin = account.admin;
    const closedWeek = Array.from({ length: 7 }, (_, day_of_week) => ({
      day_of_week,
      closed_all_day: true,
      open_hour: null,
      open_minutes: null,
      close_hour: null,
      close_minutes: null,
    }));
    const inbox = await admin.api.post('/inboxes', {
      name: 'Closed',
      channel: { type: 'api' },
      enable_auto_assignment: false,
      working_hours_enabled: true,
      working_hours: closedWeek,
      timezone: 'Europe/Berlin',
    });
    expect(inbox.status).toBe(201);
    const reports = (path: string) => gatewayClient(admin.token).get(`/api/v2/accounts/${account.id}/reports${path}`);
    // Reporting knows the inbox (and so its hours) once it lists it.
    await eventually(async () =>
      expect((await reports('/inboxes_summary')).body).toContainEqual(expect.objectContaining({ id: inbox.body.id })),
    );

    const contact = await seedContact(account.id);
    const conversation = (
      await admin.api.post('/conversations', {
        source_id: `bh-${contact.id}`,
        inbox_id: inbox.body.id,
        contact_id: contact.id,
      })
    ).body;
    await admin.api.post(`/conversations/${conversation.id}/messages`, {
      content: 'Anyone?',
      message_type: 'incoming',
    });
    await eventually(async () => {
      // Wait for a reply that is at least a second after creation, so the plain figure is not 0.
      expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(conversation.created_at);
    });
    const reply = (
      await admin.api.post(`/conversations/${conversation.id}/messages`, { content: 'Here', message_type: 'outgoing' })
    ).body;
    const plain = reply.created_at - conversation.created_at;
    expect(plain).toBeGreaterThan(0);

    const series = (businessHours: boolean) =>
      reports(`/conversations?metric=avg_first_response_time&group_by=year&business_hours=${businessHours}`);
    await eventually(async () =>
      expect((await series(false)).body.map((point: { value: number }) => point.value)).toContain(plain),
    );
    expect((await series(true)).body.every((point: { value: number }) => point.value === 0)).toBe(true);
  });
});
