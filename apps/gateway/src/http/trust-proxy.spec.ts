import { parseTrustProxy } from './trust-proxy.rules';

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
});
