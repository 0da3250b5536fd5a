import { isAllowedHost, parseAllowedHost } from './allowed-hosts';

describe('allowed hosts', () => {
  it.each([
    ['localhost', { hostname: 'localhost', port: null }],
    ['Receiver.Test', { hostname: 'receiver.test', port: null }],
    ['127.0.0.1:8443', { hostname: '127.0.0.1', port: 8443 }],
    ['example.com:443', { hostname: 'example.com', port: 443 }],
    ['::1', { hostname: '[::1]', port: null }],
    ['[::1]:9000', { hostname: '[::1]', port: 9000 }],
  ])('parses %j', (entry, expected) => expect(parseAllowedHost(entry)).toEqual(expected));

  it.each(['', 'user@host', 'host/path', 'host:99999', 'a b', 'host?x=1'])('refuses %j', (entry) =>
    expect(parseAllowedHost(entry)).toBeNull(),
  );

  it('matches host names exactly, and the port when one is given', () => {
    const allowed = ['127.0.0.1:8443', 'example.com:443', 'any.test'].map((entry) => parseAllowedHost(entry)!);
    expect(isAllowedHost(new URL('https://127.0.0.1:8443/x'), allowed)).toBe(true);
    expect(isAllowedHost(new URL('https://127.0.0.1/x'), allowed)).toBe(false);
    expect(isAllowedHost(new URL('https://example.com/'), allowed)).toBe(true);
    expect(isAllowedHost(new URL('https://example.com:8443/'), allowed)).toBe(false);
    expect(isAllowedHost(new URL('https://any.test:1/'), allowed)).toBe(true);
    expect(isAllowedHost(new URL('https://sub.any.test/'), allowed)).toBe(false);
    expect(isAllowedHost(new URL('https://127.0.0.2:8443/'), allowed)).toBe(false);
  });
});
