import { parseAllowedHost, type AllowedHost } from './allowed-hosts';
import { checkTarget, parseHttpsUrl, type Resolve } from './target-check';

const resolving =
  (table: Record<string, string[]>): Resolve =>
  async (hostname) =>
    (table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

const publicDns = resolving({
  'hooks.example.com': ['93.184.216.34', '2606:2800:220:1::1'],
  localhost: ['127.0.0.1', '::1'],
});
const allow = (...entries: string[]): AllowedHost[] => entries.map((entry) => parseAllowedHost(entry)!);

describe('parseHttpsUrl', () => {
  it.each([
    ['', "Url can't be blank"],
    ['   ', "Url can't be blank"],
    ['not a url', 'Url is not a valid URL: not a url'],
    ['hooks.example.com/path', 'Url is not a valid URL'],
    ['http://hooks.example.com/', 'Url must use HTTPS: http://hooks.example.com/'],
    ['ftp://hooks.example.com/', 'Url must use HTTPS'],
    [`https://example.com/${'a'.repeat(2048)}`, 'Url is too long'],
  ])('refuses %j', (raw, message) => {
    expect(() => parseHttpsUrl(raw)).toThrow(message);
  });

  it('accepts an HTTPS URL with port, path and query', () => {
    expect(parseHttpsUrl(' https://hooks.example.com:8443/in?x=1 ').href).toBe('https://hooks.example.com:8443/in?x=1');
  });
});

describe('checkTarget', () => {
  it('accepts a host whose every address is public, and keeps the addresses to connect to', async () => {
    const target = await checkTarget('https://hooks.example.com/in', [], publicDns);
    expect(target.hostname).toBe('hooks.example.com');
    expect(target.addresses.map((entry) => entry.address)).toEqual(['93.184.216.34', '2606:2800:220:1::1']);
  });

  it.each([
    ['https://127.0.0.1/', '127.0.0.1 is loopback'],
    ['https://10.0.0.5/hook', '10.0.0.5 is private'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254 is link-local'],
    ['https://100.64.0.1/', 'carrier-grade NAT'],
    ['https://[::1]/', '::1 is loopback'],
    ['https://[::ffff:127.0.0.1]/', 'is loopback'],
    ['https://[fd00::1]/', 'fd00::1 is unique-local'],
    ['https://0.0.0.0/', 'unspecified'],
    ['https://2130706433/', '127.0.0.1 is loopback'],
    ['https://0x7f.1/', '127.0.0.1 is loopback'],
    ['https://localhost/', 'localhost resolves to 127.0.0.1 is loopback'],
  ])('refuses %s', async (raw, message) => {
    await expect(checkTarget(raw, [], publicDns)).rejects.toThrow(message);
    await expect(checkTarget(raw, [], publicDns)).rejects.toMatchObject({ reason: 'not_public' });
  });

  it('refuses a host when any one of its addresses is not public', async () => {
    const mixed = resolving({ 'mixed.example.com': ['93.184.216.34', '10.1.2.3'] });
    await expect(checkTarget('https://mixed.example.com/', [], mixed)).rejects.toThrow(
      'mixed.example.com resolves to 10.1.2.3 is private',
    );
  });

  it('refuses a host that does not resolve', async () => {
    await expect(checkTarget('https://nowhere.invalid/', [], publicDns)).rejects.toMatchObject({
      reason: 'unresolvable',
    });
    const failing: Resolve = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(checkTarget('https://hooks.example.com/', [], failing)).rejects.toThrow(
      'Url host could not be resolved: hooks.example.com',
    );
  });

  it('judges what the host resolves to at each check (DNS rebinding)', async () => {
    const answers = [['93.184.216.34'], ['127.0.0.1']];
    const rebinding: Resolve = async () => answers.shift()!.map((address) => ({ address, family: 4 }));
    await expect(checkTarget('https://rebind.example.com/', [], rebinding)).resolves.toBeDefined();
    await expect(checkTarget('https://rebind.example.com/', [], rebinding)).rejects.toThrow(
      'rebind.example.com resolves to 127.0.0.1 is loopback',
    );
  });

  it('lets an allow-listed host (and port) through, and nothing else', async () => {
    const allowed = allow('127.0.0.1:8443', 'localhost');
    await expect(checkTarget('https://127.0.0.1:8443/hook', allowed, publicDns)).resolves.toMatchObject({
      addresses: [{ address: '127.0.0.1' }],
    });
    await expect(checkTarget('https://127.0.0.1/hook', allowed, publicDns)).rejects.toMatchObject({
      reason: 'not_public',
    });
    await expect(checkTarget('https://127.0.0.1:9443/hook', allowed, publicDns)).rejects.toMatchObject({
      reason: 'not_public',
    });
    await expect(checkTarget('https://localhost:1234/', allowed, publicDns)).resolves.toBeDefined();
    await expect(checkTarget('http://localhost/', allowed, publicDns)).rejects.toMatchObject({ reason: 'not_https' });
  });
});
