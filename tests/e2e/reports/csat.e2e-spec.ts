import { createTestAccount, eventually, gatewayClient, seedContact, type TestAccount } from '@parley/testing';

/** CSAT end to end: the survey messaging sends on resolve, the contact's rating, the report. */
describe('CSAT', () => {
  let account: TestAccount;
  let inboxId: number;
  const csat = (query = '') =>
    gatewayClient(account.admin.token).get(`/api/v2/accounts/${account.id}/csat_reports${query}`);
  const rate = (token: string, body: Record<string, unknown>) =>
    gatewayClient().post(`/public/api/v1/csat_survey/${token}`, body);

  beforeAll(async () => {
    account = await createTestAccount();
    const inbox = await account.admin.api.post('/inboxes', {
      name: 'Support',
      channel: { type: 'api' },
      csat_survey_enabled: true,
      enable_auto_assignment: false,
    });
    expect(inbox.status).toBe(201);
    inboxId = inbox.body.id;
  });

  async function resolvedConversation(): Promise<{ id: number; tokens: string[] }> {
    const contact = await seedContact(account.id);
    const { body } = await account.admin.api.post('/conversations', {
      source_id: `c-${contact.id}`,
      inbox_id: inboxId,
      contact_id: contact.id,
    });
    expect(
      (await account.admin.api.post(`/conversations/${body.id}/toggle_status`, { status: 'resolved' })).status,
    ).toBe(200);
    return { id: body.id, tokens: await surveys(body.id) };
  }

  async function surveys(conversationId: number): Promise<string[]> {
    const messages: Array<{ content_type: string; message_type: string; content_attributes: Record<string, string> }> =
      (await account.admin.api.get(`/conversations/${conversationId}/messages`)).body.payload;
    return messages
      .filter((message) => message.content_type === 'input_csat')
      .map((message) => message.content_attributes.csat_survey_token);
  }

  it('sends one survey per resolution, takes the rating at its public address and reports it', async () => {
    const first = await resolvedConversation();
    expect(first.tokens).toHaveLength(1);
    expect(first.tokens[0]).toMatch(/^[0-9a-f-]{36}$/);
    // Reopen and resolve again: a second survey, with its own token.
    await account.admin.api.post(`/conversations/${first.id}/toggle_status`, { status: 'open' });
    await account.admin.api.post(`/conversations/${first.id}/toggle_status`, { status: 'resolved' });
    const tokens = await surveys(first.id);
    expect(tokens).toHaveLength(2);
    expect(new Set(tokens).size).toBe(2);
    const second = await resolvedConversation();
    await resolvedConversation(); // sent, never answered

    const rated = await eventually(async () => {
      const response = await rate(tokens[0], { rating: 5, feedback_message: 'Great help' });
      expect(response.status).toBe(200);
      return response.body;
    });
    expect(rated).toMatchObject({
      rating: 5,
      feedback_message: 'Great help',
      conversation_id: first.id,
      inbox_id: inboxId,
    });
    await eventually(async () => expect((await rate(second.tokens[0], { rating: 2 })).status).toBe(200));
    // Rating again replaces the answer.
    expect((await rate(second.tokens[0], { rating: 4 })).body).toMatchObject({ rating: 4, feedback_message: null });

    // The report is fed by events: the unanswered survey may reach it a moment after the ratings.
    const report = await eventually(async () => {
      const answer = await csat();
      expect(answer.status).toBe(200);
      expect(answer.body.metrics).toEqual({
        total_response_count: 2,
        ratings_count: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 },
        satisfaction_score: 100,
        response_rate: 50,
      });
      return answer;
    });
    expect(report.body.csat_survey_responses).toHaveLength(2);
    expect((await csat('?rating=5')).body.csat_survey_responses).toEqual([
      expect.objectContaining({ rating: 5, feedback_message: 'Great help' }),
    ]);
    expect((await csat(`?inbox_id=${inboxId + 1000}`)).body.metrics.total_response_count).toBe(0);

    // Survey messages count nowhere in the conversation reports.
    const summary = await gatewayClient(account.admin.token).get(`/api/v2/accounts/${account.id}/reports/summary`);
    expect(summary.body.outgoing_messages_count).toBe(0);
  });

  it('refuses bad ratings (400), unknown surveys (404), and agents on the report (403)', async () => {
    const { tokens } = await resolvedConversation();
    expect((await rate(tokens[0], { rating: 6 })).status).toBe(400);
    expect((await rate(tokens[0], {})).status).toBe(400);
    expect((await rate('00000000-0000-4000-8000-000000000000', { rating: 3 })).status).toBe(404);
    expect((await rate('not-a-uuid', { rating: 3 })).status).toBe(404);
    const agent = await account.addUser('agent');
    expect((await gatewayClient(agent.token).get(`/api/v2/accounts/${account.id}/csat_reports`)).status).toBe(403);
    expect((await gatewayClient(agent.token).get(`/api/v2/accounts/${account.id}/reports/bot_metrics`)).status).toBe(
      403,
    );
  });

  it('does not send a survey where the inbox does not ask for one', async () => {
    const other = await account.admin.api.post('/inboxes', {
      name: 'No survey',
      channel: { type: 'api' },
      enable_auto_assignment: false,
    });
    const contact = await seedContact(account.id);
    const { body } = await account.admin.api.post('/conversations', {
      source_id: `n-${contact.id}`,
      inbox_id: other.body.id,
      contact_id: contact.id,
    });
    await account.admin.api.post(`/conversations/${body.id}/toggle_status`, { status: 'resolved' });
    expect(await surveys(body.id)).toEqual([]);
  });
});
