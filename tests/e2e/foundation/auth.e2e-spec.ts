import { createTestAccount, eventually, gatewayClient, platformClient, type TestAccount } from '@parley/testing';

describe('authentication and authorisation at the gateway', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
  });

  it('answers 401 without a token', async () => {
    const response = await account.admin.api.get('/labels', { token: null });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Missing access token' });
  });

  it('answers 401 for an unknown token', async () => {
    const response = await account.admin.api.get('/labels', { token: 'not-a-real-token-at-all' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Invalid access token' });
  });

  it('accepts the token in api_access_token and api-access-token, and ignores an extra Authorization header', async () => {
    const path = `/api/v1/accounts/${account.id}/labels`;
    const client = gatewayClient();
    expect((await client.get(path, { headers: { api_access_token: account.admin.token } })).status).toBe(200);
    expect((await client.get(path, { headers: { 'api-access-token': account.admin.token } })).status).toBe(200);
    expect(
      (await client.get(path, { headers: { api_access_token: account.admin.token, authorization: 'Bearer whatever' } }))
        .status,
    ).toBe(200);
  });

  it('never takes the token from the query string', async () => {
    const response = await gatewayClient().get(
      `/api/v1/accounts/${account.id}/labels?api_access_token=${account.admin.token}`,
    );
    expect(response.status).toBe(401);
  });

  it('answers 403 alike for an account of someone else and for one that does not exist', async () => {
    const other = await createTestAccount();
    const client = gatewayClient(account.admin.token);
    const foreign = await client.get(`/api/v1/accounts/${other.id}/labels`);
    const missing = await client.get('/api/v1/accounts/2147483000/labels');
    expect(foreign.status).toBe(403);
    expect(missing.status).toBe(403);
    expect(foreign.body).toEqual({ error: 'You are not authorized to access this account' });
    expect(missing.body).toEqual(foreign.body);
  });

  it('answers 400 for a malformed account id', async () => {
    const response = await gatewayClient(account.admin.token).get('/api/v1/accounts/abc/labels');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'account_id: must be a positive integer' });
  });

  it('answers 403 to an agent on an administrator route', async () => {
    const agent = await account.addUser('agent');
    const response = await agent.api.post('/labels', { title: 'not-for-agents' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'This action requires the administrator role' });
  });

  it('shows the caller its profile, with its token and accounts', async () => {
    const response = await gatewayClient(account.admin.token).get('/api/v1/profile');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: account.admin.id,
      uid: account.admin.email,
      email: account.admin.email,
      account_id: account.id,
      role: 'administrator',
      access_token: account.admin.token,
      accounts: [{ id: account.id, role: 'administrator', availability_status: 'offline' }],
    });
  });

  it('answers the current account of the profile: the first one, or the one the update names', async () => {
    const user = await account.addUser('agent');
    const other = await createTestAccount();
    const membership = await platformClient().post(`/platform/api/v1/accounts/${other.id}/account_users`, {
      user_id: user.id,
      role: 'administrator',
    });
    expect(membership.status).toBe(201);
    const shown = await gatewayClient(user.token).get('/api/v1/profile');
    // The test account was made first, so it has the lower id.
    expect(shown.body).toMatchObject({ uid: user.email, account_id: account.id, role: 'agent' });
    expect(shown.body.accounts).toHaveLength(2);
    const updated = await gatewayClient(user.token).patch('/api/v1/profile', {
      availability: 'busy',
      account_id: other.id,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ uid: user.email, account_id: other.id, role: 'administrator' });
  });

  it('stops a rotated token within a second and accepts the new one', async () => {
    const user = await account.addUser('agent');
    expect((await user.api.get('/labels')).status).toBe(200); // cached now
    const rotated = await gatewayClient(user.token).post('/api/v1/profile/access_token');
    expect(rotated.status).toBe(201);
    expect(rotated.body.access_token).toEqual(expect.any(String));
    expect(rotated.body.access_token).not.toBe(user.token);
    await eventually(async () => expect((await user.api.get('/labels')).status).toBe(401), { timeoutMs: 1000 });
    expect((await user.api.get('/labels', { token: rotated.body.access_token })).status).toBe(200);
  });

  it('stops the token of a deleted user within a second', async () => {
    const user = await account.addUser('agent');
    expect((await user.api.get('/labels')).status).toBe(200);
    expect((await platformClient().delete(`/platform/api/v1/users/${user.id}`)).status).toBe(204);
    await eventually(async () => expect((await user.api.get('/labels')).status).toBe(401), { timeoutMs: 1000 });
  });

  it('applies a promotion at once and a demotion within a second', async () => {
    const user = await account.addUser('agent');
    expect((await user.api.post('/labels', { title: 'promotion-test' })).status).toBe(403);
    await platformClient().post(`/platform/api/v1/accounts/${account.id}/account_users`, {
      user_id: user.id,
      role: 'administrator',
    });
    expect((await user.api.post('/labels', { title: 'promotion-test' })).status).toBe(201);
    await platformClient().delete(`/platform/api/v1/accounts/${account.id}/account_users`, {
      body: { user_id: user.id },
    });
    await eventually(async () => expect((await user.api.get('/labels')).status).toBe(403), { timeoutMs: 1000 });
  });
});
