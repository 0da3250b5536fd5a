import { createServer, type Server, type Socket } from 'node:net';
import type { CheckedTarget } from '@parley/service-kit';
import { loadDispatcherConfig } from '../dispatcher.config';
import { TargetConnectionsAdapter, HttpsAdapter, pinnedLookup } from './https.adapter';

/** A TCP server on 127.0.0.1 that notes connections and, unless told to hang, drops them. */
async function listen(hang = false): Promise<{ server: Server; port: number; connections: number; sockets: Socket[] }> {
  const state = { server: createServer(), port: 0, connections: 0, sockets: [] as Socket[] };
  state.server.on('connection', (socket) => {
    state.connections++;
    state.sockets.push(socket);
    if (!hang) socket.destroy();
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.port = (state.server.address() as { port: number }).port;
  return state;
}

const target = (port: number): CheckedTarget => ({
  url: new URL(`https://rebinding.invalid:${port}/hook`),
  hostname: 'rebinding.invalid',
  addresses: [{ address: '127.0.0.1', family: 4 }],
});

describe('HttpsAdapter', () => {
  const sender = new HttpsAdapter(loadDispatcherConfig({}));
  afterAll(() => sender.onApplicationShutdown());

  it('answers only the checked addresses for the host, whatever DNS would say now', () => {
    const lookup = pinnedLookup({
      ...target(1),
      addresses: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1::1', family: 6 },
      ],
    });
    const one = jest.fn();
    const all = jest.fn();
    lookup('rebinding.invalid', {}, one);
    lookup('rebinding.invalid', { all: true }, all);
    expect(one).toHaveBeenCalledWith(null, '93.184.216.34', 4);
    expect(all).toHaveBeenCalledWith(null, [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
  });

  it('connects to the checked address although the host name itself does not resolve', async () => {
    const listener = await listen();
    try {
      const result = await sender.post(target(listener.port), {}, '{}', 2000);
      expect(listener.connections).toBe(1);
      expect(result.statusCode).toBeNull();
      expect(result.error).not.toMatch(/ENOTFOUND/);
    } finally {
      listener.server.close();
    }
  });

  it('gives up when no answer comes within the timeout', async () => {
    const listener = await listen(true);
    try {
      const result = await sender.post(target(listener.port), {}, '{}', 200);
      expect(result).toMatchObject({ statusCode: null, error: 'no answer within 200 ms' });
      expect(result.latencyMs).toBeGreaterThanOrEqual(190);
    } finally {
      listener.sockets.forEach((socket) => socket.destroy());
      listener.server.close();
    }
  });

  it('reports a refused connection', async () => {
    const listener = await listen();
    listener.server.close();
    const result = await sender.post(target(listener.port), {}, '{}', 2000);
    expect(result).toMatchObject({ statusCode: null, error: expect.stringContaining('ECONNREFUSED') });
  });
});

describe('connection pools', () => {
  const checked = (addresses: string[], port = 443): CheckedTarget => ({
    url: new URL(`https://hooks.example.com:${port}/a`),
    hostname: 'hooks.example.com',
    addresses: addresses.map((address) => ({ address, family: 4 as const })),
  });

  it('reuses connections for the same host, port and checked addresses', () => {
    const pools = new TargetConnectionsAdapter(5000);
    try {
      expect(pools.poolFor(checked(['93.184.216.34', '93.184.216.35']))).toBe(
        pools.poolFor(checked(['93.184.216.35', '93.184.216.34'])),
      );
    } finally {
      pools.destroy();
    }
  });

  it('never hands a connection to an address the current check did not accept', () => {
    const pools = new TargetConnectionsAdapter(5000);
    try {
      const before = pools.poolFor(checked(['93.184.216.34']));
      expect(pools.poolFor(checked(['203.0.113.9']))).not.toBe(before);
      expect(pools.poolFor(checked(['93.184.216.34'], 8443))).not.toBe(before);
    } finally {
      pools.destroy();
    }
  });
});
