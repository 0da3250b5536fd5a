import { createTestAccount, gatewayClient, platformClient } from '@parley/testing';

/**
 * The gateway authorises from a cache of identities that membership events invalidate: a
 * membership or role given a moment ago must be honoured by the very next request.
 */
describe('read your writes: gateway → memberships', () => {
  const ITERATIONS = 20;

  it(`lets a user act in an account it was added to just before, and as the role it was just given (${ITERATIONS} times)`, async () => {
    const home = await createTestAccount();
    const user = await home.addUser('agent');
    expect((await user.api.get('/labels')).status).toBe(200); // its identity is cached now
    for (let i = 0; i < ITERATIONS; i++) {
      const other = await createTestAccount();
      const added = await platformClient().post(`/platform/api/v1/accounts/${other.id}/account_users`, {
        user_id: user.id,
        role: 'agent',
      });
      expect(added.status).toBe(201);
      const listed = await gatewayClient(user.token).get(`/api/v1/accounts/${other.id}/labels`);
      expect({ i, status: listed.status }).toEqual({ i, status: 200 });

      const promoted = await platformClient().post(`/platform/api/v1/accounts/${other.id}/account_users`, {
        user_id: user.id,
        role: 'administrator',
      });
      expect(promoted.status).toBeLessThan(300);
      const created = await gatewayClient(user.token).post(`/api/v1/accounts/${other.id}/labels`, {
        title: `promoted-${i}`,
      });
      expect({ i, status: created.status }).toEqual({ i, status: 201 });
    }
  });
});
