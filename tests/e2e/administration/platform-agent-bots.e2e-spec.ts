import { createTestAccount, gatewayClient, platformClient, type TestAccount } from '@parley/testing';
import { randomBytes } from 'node:crypto';

/** Bots the operator keeps for every account (no account of their own), beside each account's own bots. */
describe('platform agent bots', () => {
  const platform = () => platformClient();
  const path = '/platform/api/v1/agent_bots';
  let first: TestAccount;
  let second: TestAccount;

  beforeAll(async () => {
    [first, second] = [await createTestAccount(), await createTestAccount()];
  });

  it('creates, lists, shows, updates and deletes a bot of no account', async () => {
    const name = `Platform triage ${randomBytes(3).toString('hex')}`;
    const created = await platform().post(path, {
      name,
      description: 'For everyone',
      outgoing_url: 'https://bots.example.com/platform',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      account_id: null,
      name,
      description: 'For everyone',
      outgoing_url: 'https://bots.example.com/platform',
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    expect((await platform().get(path)).body).toContainEqual(created.body);
    expect((await platform().get(`${path}/${created.body.id}`)).body).toEqual(created.body);
    const renamed = await platform().patch(`${path}/${created.body.id}`, { name: `${name} 2`, description: null });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: `${name} 2`, description: null, account_id: null });
    expect((await platform().delete(`${path}/${created.body.id}`)).status).toBe(204);
    expect((await platform().get(`${path}/${created.body.id}`)).status).toBe(404);
    expect((await platform().delete(`${path}/${created.body.id}`)).status).toBe(404);
  });

  it('validates bots as the account-level endpoint does', async () => {
    expect((await platform().post(path, {})).status).toBe(400);
    const badUrl = await platform().post(path, { name: 'x', outgoing_url: 'not a url' });
    expect(badUrl.status).toBe(422);
    expect(badUrl.body).toEqual({ error: 'Outgoing URL must be an http(s) URL', attributes: ['outgoing_url'] });
    const blank = await platform().post(path, { name: '  ' });
    expect(blank.status).toBe(422);
    expect(blank.body.attributes).toEqual(['name']);
    expect((await platform().patch(`${path}/1`, { name: null })).status).toBe(400);
  });

  it('is connected by any account to its inboxes, and disconnected everywhere when deleted', async () => {
    const bot = (await platform().post(path, { name: 'Shared bot' })).body;
    const inboxes: Array<{ account: TestAccount; id: number }> = [];
    for (const account of [first, second]) {
      const inbox = (await account.admin.api.post('/inboxes', { name: 'Bot inbox', channel: { type: 'api' } })).body;
      const connected = await account.admin.api.post(`/inboxes/${inbox.id}/set_agent_bot`, { agent_bot: bot.id });
      expect(connected.status).toBe(204);
      expect((await account.admin.api.get(`/inboxes/${inbox.id}/agent_bot`)).body).toEqual(bot);
      expect((await account.admin.api.get(`/inboxes/${inbox.id}`)).body.agent_bot_id).toBe(bot.id);
      inboxes.push({ account, id: inbox.id });
    }
    // Accounts use it but do not own it: their bot endpoints neither list nor change it.
    expect((await first.admin.api.get('/agent_bots')).body).toEqual([]);
    expect((await first.admin.api.get(`/agent_bots/${bot.id}`)).status).toBe(404);
    expect((await first.admin.api.patch(`/agent_bots/${bot.id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await first.admin.api.delete(`/agent_bots/${bot.id}`)).status).toBe(404);
    expect((await platform().get(`${path}/${bot.id}`)).body.name).toBe('Shared bot');

    expect((await platform().delete(`${path}/${bot.id}`)).status).toBe(204);
    for (const { account, id } of inboxes) {
      expect((await account.admin.api.get(`/inboxes/${id}`)).body.agent_bot_id).toBeNull();
      expect((await account.admin.api.post(`/inboxes/${id}/set_agent_bot`, { agent_bot: bot.id })).status).toBe(422);
    }
  });

  it("keeps account bots to their account, and out of the platform's list", async () => {
    const own = (await first.admin.api.post('/agent_bots', { name: 'Own bot' })).body;
    expect(own.account_id).toBe(first.id);
    expect((await platform().get(path)).body.map((bot: { id: number }) => bot.id)).not.toContain(own.id);
    expect((await platform().get(`${path}/${own.id}`)).status).toBe(404);
    expect((await platform().delete(`${path}/${own.id}`)).status).toBe(404);
    const inbox = (await second.admin.api.post('/inboxes', { name: 'Other', channel: { type: 'api' } })).body;
    expect((await second.admin.api.post(`/inboxes/${inbox.id}/set_agent_bot`, { agent_bot: own.id })).status).toBe(422);
    expect((await first.admin.api.get(`/agent_bots/${own.id}`)).status).toBe(200);
  });

  it('answers only the platform token', async () => {
    expect((await gatewayClient().get(path)).status).toBe(401);
    const asAdministrator = await gatewayClient(first.admin.token).post(path, { name: 'Sneaky' });
    expect(asAdministrator.status).toBe(401);
    expect(typeof asAdministrator.body.error).toBe('string');
  });
});
