import {
  createTestAccount,
  freePort,
  readE2eState,
  startExtraGateway,
  startForwardingProxy,
  type ForwardingProxy,
  type ServiceProcess,
  type TestAccount,
} from '@parley/testing';
import { request } from 'node:http';
import { WebSocket } from 'ws';

/**
 * Rate limits per token, account, IP and expensive endpoint, on extra gateways of this run's
 * system: two sharing Redis (the limits hold across replicas), one counting in memory, one
 * whose Redis is unreachable (it must keep serving), and some behind a real reverse proxy.
 */
describe('rate limits', () => {
  const state = readE2eState();
  const gateways: ServiceProcess[] = [];
  let account: TestAccount;

  async function startGateway(name: string, env: Record<string, string>): Promise<string> {
    const gateway = await startExtraGateway(name, {
      RATE_LIMIT_PER_IP: '1000',
      RATE_LIMIT_PER_ACCOUNT: '1000',
      ...env,
    });
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
    const [first, second] = [
      await startGateway('gateway-redis-1', redis),
      await startGateway('gateway-redis-2', redis),
    ];
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

  it('without Redis counts per gateway: N gateways let at most N times the limit through, each at most the limit', async () => {
    const memory = { RATE_LIMIT_PER_TOKEN: '3' };
    const replicas = [await startGateway('gateway-memory-1', memory), await startGateway('gateway-memory-2', memory)];
    const path = `/api/v1/accounts/${account.id}/labels`;
    const token = (await account.addUser('agent')).token;
    const statuses: number[][] = [[], []];
    for (let index = 0; index < 10; index++)
      statuses[index % 2].push((await get(replicas[index % 2], path, token)).status);
    expect(statuses).toEqual([
      [200, 200, 200, 429, 429],
      [200, 200, 200, 429, 429],
    ]);
  });

  it('counts in memory without Redis, with the tighter limits of contact search (per account), reports (per user) and other expensive endpoints', async () => {
    const gateway = await startGateway('gateway-memory', {
      RATE_LIMIT_PER_TOKEN: '20',
      RATE_LIMIT_CONTACT_SEARCH_PER_ACCOUNT: '2',
      RATE_LIMIT_REPORTS_PER_USER: '1',
      RATE_LIMIT_EXPENSIVE_PER_TOKEN: '1',
    });
    const base = `/api/v1/accounts/${account.id}`;
    const agent = await account.addUser('agent');
    expect((await get(gateway, `${base}/contacts/search?q=a`, account.admin.token)).status).toBe(200);
    expect((await get(gateway, `${base}/contacts?q=a`, agent.token)).status).toBe(200);
    // Contact search is counted per account: the admin's and the agent's searches share it.
    const third = await get(gateway, `${base}/contacts/search?q=a`, account.admin.token);
    expect(third.status).toBe(429);
    expect(third.headers.get('x-ratelimit-limit')).toBe('2');
    // A list without `q` is no search.
    expect((await get(gateway, `${base}/contacts`, agent.token)).status).toBe(200);

    expect((await get(gateway, `${base}/conversations/meta`, account.admin.token)).status).toBe(200);
    const meta = await get(gateway, `${base}/conversations/meta`, account.admin.token);
    expect(meta.status).toBe(429);
    expect(meta.headers.get('x-ratelimit-limit')).toBe('1');

    // Reports are counted per user: another administrator has their own allowance.
    const report = `/api/v2/accounts/${account.id}/reports/summary?type=account`;
    expect((await get(gateway, report, account.admin.token)).status).toBe(200);
    expect((await get(gateway, report, account.admin.token)).status).toBe(429);
    const otherAdmin = await account.addUser('administrator');
    expect((await get(gateway, report, otherAdmin.token)).status).toBe(200);
    // A plain read is still within the per-token limit.
    expect((await get(gateway, `${base}/labels`, account.admin.token)).status).toBe(200);
  });

  it('states the reset as the Unix time (seconds) the window ends, and Retry-After as seconds to wait', async () => {
    const gateway = await startGateway('gateway-reset', { RATE_LIMIT_PER_TOKEN: '1', RATE_LIMIT_WINDOW_SECONDS: '30' });
    const before = Math.floor(Date.now() / 1000);
    const first = await get(gateway, `/api/v1/accounts/${account.id}/labels`, account.admin.token);
    const after = Math.ceil(Date.now() / 1000);
    expect(first.status).toBe(200);
    const reset = Number(first.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(before + 29);
    expect(reset).toBeLessThanOrEqual(after + 30);
    const limited = await get(gateway, `/api/v1/accounts/${account.id}/labels`, account.admin.token);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBe(reset);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);
  });

  it('scales every limit with RATE_LIMIT_MULTIPLIER', async () => {
    const gateway = await startGateway('gateway-multiplied', {
      RATE_LIMIT_PER_TOKEN: '4',
      RATE_LIMIT_MULTIPLIER: '0.5',
    });
    const statuses = [];
    for (let index = 0; index < 3; index++)
      statuses.push((await get(gateway, `/api/v1/accounts/${account.id}/labels`, account.admin.token)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('limits by client IP before authentication, so token guessing is limited too', async () => {
    const gateway = await startGateway('gateway-ip', { RATE_LIMIT_PER_IP: '3' });
    const answers = [];
    for (let index = 0; index < 4; index++)
      answers.push((await get(gateway, '/api/v1/profile', `guess-${index}`)).status);
    expect(answers).toEqual([401, 401, 401, 429]);
    // Token-less routes other than probes count too (an activation token cannot be guessed at leisure).
    const activation = await fetch(`${gateway}/api/v1/auth/activate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(activation.status).toBe(429);
    // Public probes are not limited.
    expect((await get(gateway, '/api', null)).status).toBe(200);
    expect((await get(gateway, '/health/live', null)).status).toBe(200);
  });

  describe('behind a reverse proxy (TRUST_PROXY)', () => {
    /** The proxy connects to the gateway from this address; clients come from others. */
    const PROXY_ADDRESS = '127.0.0.2';
    const proxies: ForwardingProxy[] = [];

    afterAll(async () => {
      await Promise.all(proxies.map((proxy) => proxy.close()));
    });

    const sockets: WebSocket[] = [];

    afterAll(() => {
      for (const socket of sockets) socket.terminate();
    });

    async function proxiedGateway(
      name: string,
      trustProxy: string | null,
      env: Record<string, string> = {},
    ): Promise<{ direct: string; proxied: string }> {
      const direct = await startGateway(name, {
        RATE_LIMIT_PER_IP: '2',
        ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}),
        ...env,
      });
      const proxy = await startForwardingProxy(
        { host: '127.0.0.1', port: Number(new URL(direct).port) },
        PROXY_ADDRESS,
      );
      proxies.push(proxy);
      return { direct, proxied: proxy.url };
    }

    /** A token-less request (401, counted per IP) sent from `source`, optionally claiming to be someone else. */
    function knock(url: string, source: string, forwardedFor?: string): Promise<number> {
      return new Promise((resolve, reject) => {
        const call = request(
          `${url}/api/v1/profile`,
          { localAddress: source, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}, agent: false },
          (answer) => {
            answer.resume();
            resolve(answer.statusCode!);
          },
        );
        call.on('error', reject);
        call.end();
      });
    }

    /** Opens a `/cable` socket from `source` (kept open): 'open', or the status the upgrade was refused with. */
    function openCable(url: string, source: string, forwardedFor?: string): Promise<'open' | number> {
      return new Promise((resolve, reject) => {
        const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/cable`, ['actioncable-v1-json'], {
          localAddress: source,
          headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
        });
        sockets.push(socket);
        socket.once('open', () => resolve('open'));
        socket.once('unexpected-response', (_request, answer) => resolve(answer.statusCode!));
        socket.once('error', reject);
      });
    }

    const knocks = async (times: number, url: string, source: string, forwardedFor?: string) => {
      const statuses = [];
      for (let index = 0; index < times; index++) statuses.push(await knock(url, source, forwardedFor));
      return statuses;
    };

    it.each([
      ['the proxy address as a CIDR', `${PROXY_ADDRESS}/32`],
      ['one trusted hop', '1'],
    ])('gives two clients behind the proxy separate budgets, trusting %s', async (_how, trustProxy) => {
      const { proxied } = await proxiedGateway(`gateway-proxy-${trustProxy === '1' ? 'hops' : 'cidr'}`, trustProxy);
      expect(await knocks(3, proxied, '127.0.0.3')).toEqual([401, 401, 429]);
      expect(await knocks(2, proxied, '127.0.0.4')).toEqual([401, 401]);
      // What a client claims in its own X-Forwarded-For is left of the proxy's entry: not believed.
      expect(await knocks(1, proxied, '127.0.0.3', '10.9.9.9')).toEqual([429]);
    });

    it("never believes an untrusted sender's X-Forwarded-For", async () => {
      const { direct } = await proxiedGateway('gateway-proxy-untrusted', `${PROXY_ADDRESS}/32`);
      // A client reaching the gateway directly is counted by its own address, whatever it claims.
      expect([
        await knock(direct, '127.0.0.5', '10.0.0.1'),
        await knock(direct, '127.0.0.5', '10.0.0.2'),
        await knock(direct, '127.0.0.5', '10.0.0.3'),
      ]).toEqual([401, 401, 429]);
    });

    it('counts /cable sockets per client address as the HTTP limiter does: behind the trusted proxy by the forwarded one', async () => {
      const cable = { REALTIME_MAX_SOCKETS_PER_IP: '1' };
      const { proxied, direct } = await proxiedGateway('gateway-proxy-cable', `${PROXY_ADDRESS}/32`, cable);
      expect(await openCable(proxied, '127.0.0.3')).toBe('open');
      expect(await openCable(proxied, '127.0.0.3')).toBe(429);
      expect(await openCable(proxied, '127.0.0.4')).toBe('open');
      // What a client claims itself is not believed, through the proxy or directly.
      expect(await openCable(proxied, '127.0.0.3', '10.9.9.9')).toBe(429);
      expect(await openCable(direct, '127.0.0.5', '10.0.0.1')).toBe('open');
      expect(await openCable(direct, '127.0.0.5', '10.0.0.2')).toBe(429);

      const { proxied: unset } = await proxiedGateway('gateway-proxy-cable-unset', null, cable);
      expect(await openCable(unset, '127.0.0.3')).toBe('open');
      // Without TRUST_PROXY every client behind the proxy is the proxy.
      expect(await openCable(unset, '127.0.0.4')).toBe(429);
    });

    it('without TRUST_PROXY counts everyone behind the proxy as the proxy', async () => {
      const { proxied } = await proxiedGateway('gateway-proxy-unset', null);
      expect(await knocks(2, proxied, '127.0.0.3')).toEqual([401, 401]);
      expect(await knocks(1, proxied, '127.0.0.4')).toEqual([429]);
    });
  });

  it('keeps serving when Redis cannot be reached (fails open)', async () => {
    const unusedPort = await freePort();
    const gateway = await startGateway('gateway-redis-down', {
      REDIS_URL: `redis://127.0.0.1:${unusedPort}`,
      RATE_LIMIT_PER_TOKEN: '2',
    });
    for (let index = 0; index < 4; index++) {
      expect((await get(gateway, `/api/v1/accounts/${account.id}/labels`, account.admin.token)).status).toBe(200);
    }
  });
});
