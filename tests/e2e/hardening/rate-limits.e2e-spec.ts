import { createTestAccount, freePort, readE2eState, startExtraGateway, type ServiceProcess, type TestAccount } from '@parley/testing';

/**
 * Rate limits per token, account, IP and expensive endpoint, on extra gateways of this run's
 * system: two sharing Redis (the limits hold across replicas), one counting in memory, and one
 * whose Redis is unreachable (it must keep serving).
 */
describe('rate limits', () => {
  const state = readE2eState();
  const gateways: ServiceProcess[] = [];
  let account: TestAccount;

  async function startGateway(name: string, env: Record<string, string>): Promise<string> {
    const gateway = await startExtraGateway(name, { RATE_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_ACCOUNT: '1000', ...env });
    gateways.push(gateway.process);
    return gateway.url;
  }

  const get = async (gatewayUrl: string, path: string, token: string | null) => {
    const response = await fetch(`${gatewayUrl}${path}`, { headers: token ? { api_access_token: token } : {} });
    return { status: response.status, headers: response.headers, body: await response.json().catch(() => null) };
  };

  beforeAll(async () => {
    account = await createTestAccount();
  });

  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.stop()));
  });

  it('holds a per-token limit across two gateways sharing Redis, with headers and a 429 naming when to retry', async () => {
    const redis = { REDIS_URL: state.redisUrl, RATE_LIMIT_PER_TOKEN: '6' };
    const [first, second] = [await startGateway('gateway-redis-1', redis), await startGateway('gateway-redis-2', redis)];
    const path = `/api/v1/accounts/${account.id}/labels`;
    const remaining: string[] = [];
    for (let index = 0; index < 6; index++) {
      const response = await get(index % 2 ? second : first, path, account.admin.token);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBe('6');
      expect(Number(response.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
      remaining.push(response.headers.get('x-ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['5', '4', '3', '2', '1', '0']);
    const limited = await get(second, path, account.admin.token);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Rate limit exceeded' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    // Another token of the same account has its own allowance.
    const agent = await account.addUser('agent');
    expect((await get(first, path, agent.token)).status).toBe(200);
  });

  it('counts in memory without Redis, with a tighter limit on expensive endpoints', async () => {
    const gateway = await startGateway('gateway-memory', { RATE_LIMIT_PER_TOKEN: '20', RATE_LIMIT_EXPENSIVE_PER_TOKEN: '2' });
    const base = `/api/v1/accounts/${account.id}`;
    expect((await get(gateway, `${base}/contacts/search?q=a`, account.admin.token)).status).toBe(200);
    expect((await get(gateway, `${base}/conversations/meta`, account.admin.token)).status).toBe(200);
    const third = await get(gateway, `${base}/contacts?q=a`, account.admin.token);
    expect(third.status).toBe(429);
    expect(third.headers.get('x-ratelimit-limit')).toBe('2');
    // A plain read is still within the per-token limit.
    expect((await get(gateway, `${base}/labels`, account.admin.token)).status).toBe(200);
  });

  it('limits by client IP before authentication, so token guessing is limited too', async () => {
    const gateway = await startGateway('gateway-ip', { RATE_LIMIT_PER_IP: '3' });
    const answers = [];
    for (let index = 0; index < 4; index++) answers.push((await get(gateway, '/api/v1/profile', `guess-${index}`)).status);
    expect(answers).toEqual([401, 401, 401, 429]);
    // Public probes are not limited.
    expect((await get(gateway, '/api', null)).status).toBe(200);
  });

  it('keeps serving when Redis cannot be reached (fails open)', async () => {
    const unusedPort = await freePort();
    const gateway = await startGateway('gateway-redis-down', { REDIS_URL: `redis://127.0.0.1:${unusedPort}`, RATE_LIMIT_PER_TOKEN: '2' });
    for (let index = 0; index < 4; index++) {
      expect((await get(gateway, `/api/v1/accounts/${account.id}/labels`, account.admin.token)).status).toBe(200);
    }
  });
});
