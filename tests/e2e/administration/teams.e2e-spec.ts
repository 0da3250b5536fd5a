import { createTestAccount, type TestAccount } from '@parley/testing';

describe('teams', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
  });

  it('creates, lists, shows, updates and deletes a team', async () => {
    const created = await account.admin.api.post('/teams', { name: 'Support', description: 'First line' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      account_id: account.id,
      name: 'Support',
      description: 'First line',
      allow_auto_assign: true,
      is_member: false,
    });
    const id = created.body.id;
    expect((await account.admin.api.get('/teams')).body).toContainEqual(created.body);
    expect((await account.admin.api.get(`/teams/${id}`)).body).toEqual(created.body);

    const updated = await account.admin.api.patch(`/teams/${id}`, { allow_auto_assign: false, description: null });
    expect(updated.body).toMatchObject({ allow_auto_assign: false, description: null });
    expect((await account.admin.api.put(`/teams/${id}`, { name: 'Support L1' })).body.name).toBe('Support L1');

    expect((await account.admin.api.delete(`/teams/${id}`)).status).toBe(204);
    expect((await account.admin.api.get(`/teams/${id}`)).status).toBe(404);
  });

  it('keeps team names unique per account, whatever their case', async () => {
    await account.admin.api.post('/teams', { name: 'Billing' });
    const again = await account.admin.api.post('/teams', { name: 'billing' });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ error: 'Name has already been taken', attributes: ['name'] });
    const other = await createTestAccount();
    expect((await other.admin.api.post('/teams', { name: 'Billing' })).status).toBe(201);
  });

  it('validates team fields', async () => {
    expect((await account.admin.api.post('/teams', {})).status).toBe(400);
    expect((await account.admin.api.post('/teams', { name: 'x', allow_auto_assign: 'yes' })).status).toBe(400);
    expect((await account.admin.api.post('/teams', { name: '   ' })).status).toBe(422);
  });

  it('adds and removes members, who must be agents of the account', async () => {
    const team = (await account.admin.api.post('/teams', { name: 'Sales' })).body;
    const agent = await account.addUser('agent');
    const stranger = await (await createTestAccount()).addUser('agent');

    const added = await account.admin.api.post(`/teams/${team.id}/team_members`, {
      user_ids: [agent.id, String(account.admin.id)],
    });
    expect(added.status).toBe(200);
    expect(added.body.map((member: { id: number }) => member.id).sort()).toEqual([account.admin.id, agent.id].sort());
    expect((await account.admin.api.get(`/teams/${team.id}/team_members`)).body).toHaveLength(2);
    expect((await account.admin.api.get(`/teams/${team.id}`)).body.is_member).toBe(true);

    const refused = await account.admin.api.post(`/teams/${team.id}/team_members`, { user_ids: [stranger.id] });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      error: `User ${stranger.id} is not an agent of this account`,
      attributes: ['user_ids'],
    });
    expect((await account.admin.api.post(`/teams/${team.id}/team_members`, { user_ids: ['abc'] })).status).toBe(400);

    const removed = await account.admin.api.delete(`/teams/${team.id}/team_members`, {
      body: { user_ids: [agent.id] },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.map((member: { id: number }) => member.id)).toEqual([account.admin.id]);
  });

  it('drops a removed agent from its teams', async () => {
    const team = (await account.admin.api.post('/teams', { name: 'Temporary' })).body;
    const agent = await account.addUser('agent');
    await account.admin.api.post(`/teams/${team.id}/team_members`, { user_ids: [agent.id] });
    await account.admin.api.delete(`/agents/${agent.id}`);
    expect((await account.admin.api.get(`/teams/${team.id}/team_members`)).body).toEqual([]);
  });

  it("treats another account's team as not found", async () => {
    const other = await createTestAccount();
    const theirs = (await other.admin.api.post('/teams', { name: 'Theirs' })).body;
    expect((await account.admin.api.get(`/teams/${theirs.id}`)).status).toBe(404);
    expect((await account.admin.api.get(`/teams/${theirs.id}/team_members`)).status).toBe(404);
  });
});
