import type { IncomingMessage } from 'node:http';
import { clientAddressOf, parseTrustProxy } from './trust-proxy.rules';

describe('TRUST_PROXY', () => {
  it('believes no one when unset', () => {
    expect(parseTrustProxy(undefined)).toEqual({ trust: false });
    expect(parseTrustProxy('  ')).toEqual({ trust: false });
  });

  it('reads a hop count', () => {
    expect(parseTrustProxy('2')).toEqual({ trust: 2 });
    expect(parseTrustProxy('0')).toEqual({ problem: expect.stringContaining('between 1 and') });
  });

  it('reads addresses and CIDR ranges, of either family', () => {
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7,fd00::/8')).toEqual({
      trust: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8'],
    });
  });

  it('refuses anything else, naming it', () => {
    expect(parseTrustProxy('true')).toEqual({ problem: expect.stringContaining('"true"') });
    expect(parseTrustProxy('10.0.0.0/8,10.0.0.0/99')).toEqual({ problem: expect.stringContaining('"10.0.0.0/99"') });
  });

  it('reads the client address of an upgrade as Fastify reads request.ip', () => {
    const request = (peer: string, forwardedFor?: string) =>
      ({
        socket: { remoteAddress: peer },
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      }) as unknown as IncomingMessage;
    const proxied = request('10.0.0.2', '198.51.100.9, 203.0.113.5');
    expect(clientAddressOf(false)(proxied)).toBe('10.0.0.2');
    expect(clientAddressOf(1)(proxied)).toBe('203.0.113.5');
    expect(clientAddressOf(2)(proxied)).toBe('198.51.100.9');
    expect(clientAddressOf(['10.0.0.0/8'])(proxied)).toBe('203.0.113.5');
    // A sender outside the trusted ranges is its own address, whatever it claims.
    expect(clientAddressOf(['10.0.0.0/8'])(request('192.0.2.1', '203.0.113.5'))).toBe('192.0.2.1');
  });
});
