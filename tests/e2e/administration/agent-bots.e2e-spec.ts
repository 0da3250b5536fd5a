import { createTestAccount, type TestAccount } from '@parley/testing';

describe('agent bots', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
  });

  it('creates, lists, shows, updates and deletes a bot', async () => {
    const created = await account.admin.api.post('/agent_bots', {
      name: 'Triage',
      description: 'Routes questions',
      outgoing_url: 'https://bots.example.com/triage',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      account_id: account.id,
      name: 'Triage',
      description: 'Routes questions',
      outgoing_url: 'https://bots.example.com/triage',
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    expect((await account.admin.api.get('/agent_bots')).body).toEqual([created.body]);
    expect((await account.admin.api.get(`/agent_bots/${created.body.id}`)).body).toEqual(created.body);
    expect((await account.admin.api.patch(`/agent_bots/${created.body.id}`, { name: 'Triage 2' })).body.name).toBe(
      'Triage 2',
    );
    expect((await account.admin.api.delete(`/agent_bots/${created.body.id}`)).status).toBe(204);
    expect((await account.admin.api.get(`/agent_bots/${created.body.id}`)).status).toBe(404);
  });

  it('validates bots', async () => {
    expect((await account.admin.api.post('/agent_bots', {})).status).toBe(400);
    const badUrl = await account.admin.api.post('/agent_bots', { name: 'x', outgoing_url: 'not a url' });
    expect(badUrl.status).toBe(422);
    expect(badUrl.body).toEqual({ error: 'Outgoing URL must be an http(s) URL', attributes: ['outgoing_url'] });
  });

  it('disconnects inboxes from a deleted bot', async () => {
    const bot = (await account.admin.api.post('/agent_bots', { name: 'Short-lived' })).body;
    const inbox = (await account.admin.api.post('/inboxes', { name: 'With bot', channel: { type: 'api' } })).body;
    await account.admin.api.post(`/inboxes/${inbox.id}/set_agent_bot`, { agent_bot: bot.id });
    await account.admin.api.delete(`/agent_bots/${bot.id}`);
    expect((await account.admin.api.get(`/inboxes/${inbox.id}`)).body.agent_bot_id).toBeNull();
  });
});
