import { createTestAccount, eventually, gatewayClient, platformClient } from '@parley/testing';
import { randomBytes } from 'node:crypto';

const email = () => `user-${randomBytes(5).toString('hex')}@example.com`;

describe('Platform API', () => {
  const platform = platformClient();

  it('requires the platform token', async () => {
    const account = await createTestAccount();
    expect((await gatewayClient().post('/platform/api/v1/accounts', { name: 'x' })).status).toBe(401);
    const withAgentToken = await gatewayClient(account.admin.token).post('/platform/api/v1/accounts', { name: 'x' });
    expect(withAgentToken.status).toBe(401);
    expect(withAgentToken.body).toEqual({ error: 'Invalid access token' });
  });

  it('creates, shows, renames and deletes an account', async () => {
    const created = await platform.post('/platform/api/v1/accounts', { name: 'Acme' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Acme',
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    const id = created.body.id;
    expect((await platform.get(`/platform/api/v1/accounts/${id}`)).body.name).toBe('Acme');
    expect((await platform.patch(`/platform/api/v1/accounts/${id}`, { name: 'Acme 2' })).body.name).toBe('Acme 2');
    expect((await platform.delete(`/platform/api/v1/accounts/${id}`)).status).toBe(204);
    const gone = await platform.get(`/platform/api/v1/accounts/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'Account not found' });
  });

  it('validates account names', async () => {
    expect((await platform.post('/platform/api/v1/accounts', {})).status).toBe(400);
    const blank = await platform.post('/platform/api/v1/accounts', { name: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body).toEqual({ error: "Name can't be blank", attributes: ['name'] });
  });

  it('creates a user with an access token that is shown once', async () => {
    const address = email();
    const created = await platform.post('/platform/api/v1/users', {
      name: 'Alice',
      email: address.toUpperCase(),
      password: 'long enough password',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Alice',
      email: address,
      confirmed: true,
      access_token: expect.any(String),
    });
    expect(created.body.access_token.length).toBeGreaterThanOrEqual(32);
    expect(created.body).not.toHaveProperty('password');
    const shown = await platform.get(`/platform/api/v1/users/${created.body.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).not.toHaveProperty('access_token');
    const renamed = await platform.patch(`/platform/api/v1/users/${created.body.id}`, { display_name: 'Ally' });
    expect(renamed.body.display_name).toBe('Ally');
  });

  it.each([
    [{ name: 'x', email: 'not-an-email' }, 'Email is invalid', 'email'],
    [
      { name: 'x', email: 'ok@example.com', password: 'short' },
      'Password is too short (minimum is 8 characters)',
      'password',
    ],
  ])('refuses %j with 422', async (body, error, attribute) => {
    const response = await platform.post('/platform/api/v1/users', body);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ error, attributes: [attribute] });
  });

  it('refuses an e-mail address that is taken, whatever its case', async () => {
    const address = email();
    await platform.post('/platform/api/v1/users', { name: 'First', email: address });
    const again = await platform.post('/platform/api/v1/users', { name: 'Second', email: address.toUpperCase() });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ error: 'Email has already been taken', attributes: ['email'] });
  });

  it('answers 400 for a missing field and 404 for an unknown user', async () => {
    expect((await platform.post('/platform/api/v1/users', { email: email() })).status).toBe(400);
    expect((await platform.get('/platform/api/v1/users/2147483000')).status).toBe(404);
    expect((await platform.delete('/platform/api/v1/users/2147483000')).status).toBe(404);
  });

  it('adds, lists, changes and removes account users', async () => {
    const account = (await platform.post('/platform/api/v1/accounts', { name: 'Members' })).body;
    const user = (await platform.post('/platform/api/v1/users', { name: 'Member', email: email() })).body;
    const path = `/platform/api/v1/accounts/${account.id}/account_users`;

    const added = await platform.post(path, { user_id: user.id, role: 'agent' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ account_id: account.id, user_id: user.id, role: 'agent' });
    expect((await platform.post(path, { user_id: user.id, role: 'administrator' })).body.role).toBe('administrator');
    expect((await platform.get(path)).body).toEqual([
      { account_id: account.id, user_id: user.id, role: 'administrator' },
    ]);

    expect((await platform.delete(path, { body: { user_id: user.id } })).status).toBe(204);
    expect((await platform.get(path)).body).toEqual([]);
    expect((await platform.delete(path, { body: { user_id: user.id } })).status).toBe(404);
  });

  it('validates account users', async () => {
    const account = (await platform.post('/platform/api/v1/accounts', { name: 'Checks' })).body;
    const user = (await platform.post('/platform/api/v1/users', { name: 'Member', email: email() })).body;
    const path = `/platform/api/v1/accounts/${account.id}/account_users`;
    expect((await platform.post(path, { user_id: user.id, role: 'owner' })).status).toBe(400);
    const unknownUser = await platform.post(path, { user_id: 2147483000, role: 'agent' });
    expect(unknownUser.status).toBe(422);
    expect(unknownUser.body).toEqual({ error: 'User does not exist', attributes: ['user_id'] });
    expect(
      (await platform.post('/platform/api/v1/accounts/2147483000/account_users', { user_id: user.id, role: 'agent' }))
        .status,
    ).toBe(404);
  });

  it("ends its members' access within a second when an account is deleted", async () => {
    const account = await createTestAccount();
    expect((await account.admin.api.post('/labels', { title: 'doomed' })).status).toBe(201);
    expect((await platform.delete(`/platform/api/v1/accounts/${account.id}`)).status).toBe(204);
    await eventually(async () => expect((await account.admin.api.get('/labels')).status).toBe(403), {
      timeoutMs: 1000,
    });
  });
});
