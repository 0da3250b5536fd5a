import { classifyAddress } from './address-class';

const isPublicAddress = (address: string) => classifyAddress(address) === 'public';

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['93.184.216.34', 'public'],
    ['9.255.255.255', 'public'],
    ['11.0.0.0', 'public'],
    ['100.63.255.255', 'public'],
    ['100.128.0.0', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['192.167.255.255', 'public'],
    ['192.169.0.0', 'public'],
    ['223.255.255.255', 'public'],
  ])('IPv4 %s is %s', (address, kind) => expect(classifyAddress(address)).toBe(kind));

  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.5', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['169.254.169.254', 'link_local'],
    ['169.254.0.1', 'link_local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['192.88.99.1', 'reserved'],
    ['192.31.196.1', 'reserved'],
    ['192.175.48.1', 'reserved'],
    ['192.52.193.1', 'reserved'],
  ])('IPv4 %s is %s', (address, kind) => expect(classifyAddress(address)).toBe(kind));

  it.each([
    ['2606:4700:4700::1111', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['2a00:1450:4001:81b::200e', 'public'],
    ['[2606:4700:4700::1111]', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'unique_local'],
    ['fd12:3456:789a::1', 'unique_local'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['febf:ffff::1', 'link_local'],
    ['fec0::1', 'reserved'],
    ['ff02::1', 'multicast'],
    ['ff05::2', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['64:ff9b:1::1', 'reserved'],
    ['3fff::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['1::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['2001:2::1', 'reserved'],
    ['2001:3::1', 'reserved'],
    ['2001:20::1', 'reserved'],
    ['5f00::1', 'reserved'],
    ['2620:4f:8000::1', 'reserved'],
  ])('IPv6 %s is %s', (address, kind) => expect(classifyAddress(address)).toBe(kind));

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
    ['::ffff:10.0.0.5', 'private'],
    ['::ffff:169.254.169.254', 'link_local'],
    ['::ffff:100.64.1.1', 'shared'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:224.0.0.1', 'multicast'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::808:808', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:808:808::1', 'public'],
    ['::127.0.0.1', 'reserved'],
    ['::8.8.8.8', 'reserved'],
    ['::ffff:0:127.0.0.1', 'reserved'],
    ['::ffff:192.168.1.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link_local'],
    ['64:ff9b:1::808:808', 'reserved'],
    ['2002:a9fe:a9fe::', 'link_local'],
    ['0:0:0:0:0:0:8.8.8.8', 'reserved'],
    ['::0.0.0.1', 'loopback'],
  ])('IPv4 embedded in IPv6 %s is %s', (address, kind) => expect(classifyAddress(address)).toBe(kind));

  it.each([
    '',
    'localhost',
    'example.com',
    '127.1',
    '2130706433',
    '0x7f000001',
    '010.0.0.1',
    '256.1.1.1',
    '1.2.3',
    ':::1',
    '[::1',
    'fe80::1%',
    '::ffff:0x7f.0.0.1',
    '::ffff:127.1',
  ])('refuses %j, which is not an IP address', (text) => expect(classifyAddress(text)).toBe('invalid'));

  it('calls only public addresses public', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    expect(isPublicAddress('127.0.0.1')).toBe(false);
    expect(isPublicAddress('nonsense')).toBe(false);
  });
});
