import { IdentityEvents } from '@parley/contracts';
import {
  createTestAccount,
  eventually,
  gatewayClient,
  mailsTo,
  publishedEvents,
  type TestAccount,
} from '@parley/testing';
import { randomBytes } from 'node:crypto';

const address = () => `invitee-${randomBytes(5).toString('hex')}@example.com`;

/** The one-time token in an invitation e-mail. */
async function invitationToken(email: string): Promise<string> {
  const [mail] = await eventually(async () => {
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    return mails;
  });
  expect(mail.subject).toMatch(/^You are invited to .+ on Parley$/);
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(token).toBeDefined();
  return token!;
}

describe('agents', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
  });

  it('lists the members of the account as a bare array', async () => {
    const response = await account.admin.api.get('/agents');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        id: account.admin.id,
        account_id: account.id,
        name: expect.any(String),
        email: account.admin.email,
        role: 'administrator',
        availability_status: 'offline',
        confirmed: true,
        auto_offline: true,
        available_name: expect.any(String),
        thumbnail: expect.stringMatching(/^https:\/\//),
      },
    ]);
  });

  it('invites an agent: pending, e-mailed, and working only after activation', async () => {
    const email = address();
    const invited = await account.admin.api.post('/agents', { email: email.toUpperCase(), name: 'Bob', role: 'agent' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email,
      name: 'Bob',
      role: 'agent',
      confirmed: false,
      availability_status: 'offline',
      auto_offline: true,
      account_id: account.id,
    });

    const token = await invitationToken(email);
    expect((await gatewayClient().post('/api/v1/auth/activate', { token, password: 'short' })).status).toBe(422);
    expect(
      (await gatewayClient().post('/api/v1/auth/activate', { token: 'wrong-token', password: 'long enough secret' }))
        .body,
    ).toEqual({
      error: 'Invitation token is invalid or has expired',
      attributes: ['token'],
    });

    const activated = await gatewayClient().post('/api/v1/auth/activate', { token, password: 'long enough secret' });
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({
      id: invited.body.id,
      email,
      confirmed: true,
      accounts: [{ id: account.id, role: 'agent' }],
    });
    const agentToken: string = activated.body.access_token;
    expect((await gatewayClient(agentToken).get(`/api/v1/accounts/${account.id}/labels`)).status).toBe(200);

    // The token is single-use.
    expect(
      (await gatewayClient().post('/api/v1/auth/activate', { token, password: 'another long secret' })).status,
    ).toBe(422);
    const listed = (await account.admin.api.get('/agents')).body.find(
      (agent: { id: number }) => agent.id === invited.body.id,
    );
    expect(listed.confirmed).toBe(true);
  });

  it('refuses an address that already belongs to this or another account', async () => {
    const email = address();
    expect((await account.admin.api.post('/agents', { email, name: 'Once', role: 'agent' })).status).toBe(201);
    const again = await account.admin.api.post('/agents', { email, name: 'Twice', role: 'agent' });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ error: 'Email has already been taken', attributes: ['email'] });

    const other = await createTestAccount();
    const elsewhere = await other.admin.api.post('/agents', { email, name: 'Elsewhere', role: 'agent' });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body).toEqual({ error: 'Email is already in use by another account', attributes: ['email'] });
  });

  it('validates invitations', async () => {
    expect((await account.admin.api.post('/agents', { email: address(), name: 'x', role: 'owner' })).status).toBe(400);
    expect((await account.admin.api.post('/agents', { name: 'x', role: 'agent' })).status).toBe(400);
    const badEmail = await account.admin.api.post('/agents', { email: 'nope', name: 'x', role: 'agent' });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.attributes).toEqual(['email']);
  });

  it('updates role, name and availability', async () => {
    const agent = await account.addUser('agent');
    const updated = await account.admin.api.patch(`/agents/${agent.id}`, {
      role: 'administrator',
      name: 'Promoted',
      availability_status: 'busy',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: agent.id,
      role: 'administrator',
      name: 'Promoted',
      availability_status: 'busy',
    });
    expect(
      (await account.admin.api.put(`/agents/${agent.id}`, { availability_status: 'online' })).body.availability_status,
    ).toBe('online');
    expect((await account.admin.api.patch(`/agents/${agent.id}`, { availability_status: 'away' })).status).toBe(400);
    expect((await account.admin.api.patch('/agents/2147483000', { name: 'ghost' })).status).toBe(404);
  });

  it('stores auto_offline (true unless changed) and shows it wherever the agent is listed', async () => {
    const agent = await account.addUser('agent');
    const updated = await account.admin.api.patch(`/agents/${agent.id}`, { auto_offline: false });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: agent.id, auto_offline: false });
    expect(
      (await account.admin.api.get('/agents')).body.find((row: { id: number }) => row.id === agent.id).auto_offline,
    ).toBe(false);
    const team = (await account.admin.api.post('/teams', { name: `Offline ${agent.id}` })).body;
    const members = await account.admin.api.post(`/teams/${team.id}/team_members`, { user_ids: [agent.id] });
    expect(members.body).toEqual([expect.objectContaining({ id: agent.id, auto_offline: false })]);
    expect((await account.admin.api.get(`/teams/${team.id}/team_members`)).body).toEqual([
      expect.objectContaining({ id: agent.id, auto_offline: false }),
    ]);
    expect((await account.admin.api.put(`/agents/${agent.id}`, { auto_offline: true })).body.auto_offline).toBe(true);
    expect((await account.admin.api.patch(`/agents/${agent.id}`, { auto_offline: 'no' })).status).toBe(400);
  });

  it('lets agents set their own availability through the profile', async () => {
    const agent = await account.addUser('agent');
    const profile = await gatewayClient(agent.token).patch('/api/v1/profile', {
      availability: 'online',
      account_id: account.id,
    });
    expect(profile.status).toBe(200);
    expect(profile.body.accounts).toEqual([expect.objectContaining({ id: account.id, availability_status: 'online' })]);
    expect(profile.body).toMatchObject({ uid: agent.email, account_id: account.id, role: 'agent' });
    const wrapped = await gatewayClient(agent.token).put('/api/v1/profile', {
      profile: { availability: 'busy', display_name: 'Bee' },
    });
    expect(wrapped.body).toMatchObject({
      display_name: 'Bee',
      available_name: 'Bee',
      accounts: [expect.objectContaining({ availability_status: 'busy' })],
    });
    expect(
      (await gatewayClient(agent.token).patch('/api/v1/profile', { availability: 'online', account_id: 2147483000 }))
        .status,
    ).toBe(422);
    const asAgentSees = (await agent.api.get('/agents')).body.find((row: { id: number }) => row.id === agent.id);
    expect(asAgentSees.availability_status).toBe('busy');
  });

  it('keeps at least one administrator', async () => {
    const solo = await createTestAccount();
    const demote = await solo.admin.api.patch(`/agents/${solo.admin.id}`, { role: 'agent' });
    expect(demote.status).toBe(422);
    expect(demote.body).toEqual({ error: 'An account needs at least one administrator', attributes: ['role'] });
    expect((await solo.admin.api.delete(`/agents/${solo.admin.id}`)).status).toBe(422);
  });

  it('removes an agent: 204, access to the account ends, and the removal is published', async () => {
    const agent = await account.addUser('agent');
    expect((await agent.api.get('/labels')).status).toBe(200);
    expect((await account.admin.api.delete(`/agents/${agent.id}`)).status).toBe(204);
    await eventually(async () => expect((await agent.api.get('/labels')).status).toBe(403), { timeoutMs: 1000 });
    expect((await account.admin.api.get('/agents')).body.map((row: { id: number }) => row.id)).not.toContain(agent.id);
    expect((await account.admin.api.delete(`/agents/${agent.id}`)).status).toBe(404);
    await eventually(async () => {
      const removed = (await publishedEvents<{ user_id: number }>(IdentityEvents.accountUserDeleted)).filter(
        (event) => event.data.user_id === agent.id,
      );
      expect(removed).toHaveLength(1);
    });
  });

  it('forgets an invitee removed before activating', async () => {
    const email = address();
    const invited = (await account.admin.api.post('/agents', { email, name: 'Short-lived', role: 'agent' })).body;
    const token = await invitationToken(email);
    expect((await account.admin.api.delete(`/agents/${invited.id}`)).status).toBe(204);
    expect(
      (await gatewayClient().post('/api/v1/auth/activate', { token, password: 'long enough secret' })).status,
    ).toBe(422);
    // The address is free again.
    expect((await account.admin.api.post('/agents', { email, name: 'Back', role: 'agent' })).status).toBe(201);
  });
});
