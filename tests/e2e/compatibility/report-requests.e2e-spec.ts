import {
  createTestAccount,
  eventually,
  gatewayClient,
  readE2eState,
  seedContact,
  type ApiResponse,
  type TestAccount,
} from '@parley/testing';

/**
 * Report requests as dashboards and client libraries send them: blank values, `type=csv` on
 * every summary, `timezone_offset` with every window, `previous` for trend arrows, and
 * `reports/conversations` without `metric` for the live counts.
 */
describe('compatibility: report requests as clients send them', () => {
  let account: TestAccount;
  let start: number;
  const v2 = (path: string): Promise<ApiResponse> =>
    gatewayClient(account.admin.token).get(`/api/v2/accounts/${account.id}/${path}`);
  const get = (path: string) => v2(`reports/${path}`);
  const window = () => `since=${start - 60}&until=${Math.floor(Date.now() / 1000) + 60}`;

  beforeAll(async () => {
    account = await createTestAccount();
    start = Math.floor(Date.now() / 1000);
    const inbox = (
      await account.admin.api.post('/inboxes', {
        name: 'Reports',
        channel: { type: 'api' },
        enable_auto_assignment: false,
      })
    ).body;
    const open = async (extra: Record<string, unknown> = {}) => {
      const contact = await seedContact(account.id);
      const created = await account.admin.api.post('/conversations', {
        inbox_id: inbox.id,
        contact_id: contact.id,
        source_id: `r-${contact.id}`,
        ...extra,
      });
      expect(created.status).toBe(201);
      return created.body as { id: number };
    };
    const waiting = await open({ assignee_id: account.admin.id });
    expect(
      (
        await account.admin.api.post(`/conversations/${waiting.id}/messages`, {
          content: 'Anyone?',
          message_type: 'incoming',
        })
      ).status,
    ).toBe(201);
    await open({ assignee_id: account.admin.id });
    await open();
    await open({ status: 'pending' });
    // Reporting learns of them from events.
    await eventually(async () =>
      expect((await get(`summary?${window()}`)).body).toMatchObject({
        conversations_count: 4,
        incoming_messages_count: 1,
        open_conversations_count: 3,
      }),
    );
  });

  it('reads a blank id as "not given": summary?type=account&id=&since=…&until=…', async () => {
    const response = await get(`summary?type=account&id=&${window()}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual((await get(`summary?type=account&${window()}`)).body);
    // A blank value of a parameter the route does not name is "not given" too; a filled one is refused.
    expect((await get(`summary?${window()}&group_by=&business_hours=`)).status).toBe(200);
    const unknown = await get(`agents_summary?${window()}&colour=blue`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/colour/);
  });

  it('carries previous: the same figures over the window of the same length that ends where this one starts', async () => {
    const later = `since=${start + 3600}&until=${start + 7200}`;
    await eventually(async () => {
      const summary = await get(`summary?${later}`);
      expect(summary.status).toBe(200);
      expect(summary.body).toMatchObject({
        conversations_count: 0,
        incoming_messages_count: 0,
        open_conversations_count: 3,
      });
      expect(summary.body.previous).toMatchObject({
        conversations_count: 4,
        incoming_messages_count: 1,
        open_conversations_count: 3,
      });
      const now = await get(`summary?since=${start}&until=${start + 3600}`);
      expect(now.body.previous).toMatchObject({ conversations_count: 0, incoming_messages_count: 0 });
      expect(now.body).toEqual({ ...summary.body.previous, previous: now.body.previous });
    });
  });

  it.each(['summary', 'agents_summary', 'inboxes_summary', 'teams_summary', 'labels_summary'])(
    'answers CSV to %s?type=csv and ?format=csv',
    async (report) => {
      for (const csv of ['type=csv', 'format=csv']) {
        const response = await fetch(
          `${readE2eState().gatewayUrl}/api/v2/accounts/${account.id}/reports/${report}?${window()}&${csv}`,
          { headers: { api_access_token: account.admin.token } },
        );
        expect({ csv, status: response.status }).toEqual({ csv, status: 200 });
        expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
        expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${report}.csv"`);
        const header = (await response.text()).replace(/^\ufeff/, '').split('\n')[0];
        expect(header).toMatch(
          report === 'summary' ? /^open_conversations_count;agents_online_count;/ : /^id;name;conversations_count;/,
        );
        expect(header).not.toMatch(/previous/);
      }
    },
  );

  it.each([
    'reports/summary',
    'reports/agents_summary',
    'reports/inboxes_summary',
    'reports/teams_summary',
    'reports/labels_summary',
    'reports/bot_metrics',
    'reports/conversations_traffic',
    'reports/conversations?metric=conversations_count',
    'csat_reports',
  ])('takes timezone_offset with the window of %s', async (report) => {
    const separator = report.includes('?') ? '&' : '?';
    for (const offset of ['-3', '5.5', '0']) {
      const response = await v2(`${report}${separator}${window()}&timezone_offset=${offset}`);
      expect({ offset, status: response.status, text: response.status === 200 ? '' : response.text }).toEqual({
        offset,
        status: 200,
        text: '',
      });
    }
    expect((await v2(`${report}${separator}${window()}&timezone_offset=99`)).status).toBe(400);
  });

  it("answers reports/conversations without metric with the scope's live counts", async () => {
    await eventually(async () => {
      const everyone = await get('conversations?type=account');
      expect(everyone.status).toBe(200);
      expect(everyone.body).toEqual({ open: 3, unattended: 1, unassigned: 1 });
    });
    expect((await get('conversations')).body).toEqual({ open: 3, unattended: 1, unassigned: 1 });
    expect((await get(`conversations?type=agent&id=${account.admin.id}`)).body).toEqual({
      open: 2,
      unattended: 1,
      unassigned: 0,
    });
    expect((await get('conversations?type=agent&id=')).status).toBe(422);
    const series = await get(`conversations?type=account&metric=conversations_count&${window()}`);
    expect(series.status).toBe(200);
    expect(series.body.reduce((total: number, point: { value: number }) => total + point.value, 0)).toBe(4);
  });

  it('answers the series at the reference path, {v2}/reports?metric=…, as reports/conversations does', async () => {
    for (const query of [
      `metric=conversations_count&type=account&${window()}`,
      `metric=incoming_messages_count&type=account&group_by=week&${window()}`,
      `metric=conversations_count&type=agent&id=${account.admin.id}&${window()}&timezone_offset=5.5`,
    ]) {
      const atReference = await v2(`reports?${query}`);
      expect(atReference.status).toBe(200);
      expect(atReference.headers.get('x-report-rebuilding')).toBe('false');
      expect(atReference.body).toEqual((await get(`conversations?${query}`)).body);
    }
    const total = (await v2(`reports?metric=conversations_count&type=account&${window()}`)).body.reduce(
      (sum: number, point: { value: number }) => sum + point.value,
      0,
    );
    expect(total).toBe(4);
    // The metric is what this path is for: missing or unknown, the answer names it; so does an unknown parameter.
    for (const [query, field] of [
      [`type=account&${window()}`, 'metric'],
      [`metric=&type=account&${window()}`, 'metric'],
      [`metric=happiness&${window()}`, 'metric'],
      [`metric=conversations_count&type=planet&${window()}`, 'type'],
      [`metric=conversations_count&colour=blue`, 'colour'],
    ]) {
      const refused = await v2(`reports?${query}`);
      expect({ query, status: refused.status }).toEqual({ query, status: 400 });
      expect(refused.body.error).toContain(field);
    }
    // Administrators only, as every report.
    const agent = await account.addUser('agent');
    const asAgent = await gatewayClient(agent.token).get(
      `/api/v2/accounts/${account.id}/reports?metric=conversations_count`,
    );
    expect(asAgent.status).toBe(403);
  });
});
