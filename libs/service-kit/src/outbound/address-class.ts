import { isIPv4, isIPv6 } from 'node:net';

/** Why an address is no place to send a webhook — or `public` when it is. */
export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link_local'
  | 'unique_local'
  | 'multicast'
  | 'reserved'
  | 'invalid';

interface Range {
  /** Network address as a bigint of the family's width. */
  network: bigint;
  prefix: number;
  kind: Exclude<AddressClass, 'public' | 'invalid'>;
}

function v4(text: string): bigint {
  return text.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

function v4Range(cidr: string, kind: Range['kind']): Range {
  const [address, prefix] = cidr.split('/');
  return { network: v4(address), prefix: Number(prefix), kind };
}

function v6Range(cidr: string, kind: Range['kind']): Range {
  const [address, prefix] = cidr.split('/');
  return { network: parseIpv6(address)!, prefix: Number(prefix), kind };
}

/** IANA special-purpose IPv4 blocks: none of them is an ordinary Internet host. */
const IPV4_RANGES: Range[] = [
  v4Range('0.0.0.0/8', 'unspecified'),
  v4Range('10.0.0.0/8', 'private'),
  v4Range('100.64.0.0/10', 'shared'),
  v4Range('127.0.0.0/8', 'loopback'),
  v4Range('169.254.0.0/16', 'link_local'),
  v4Range('172.16.0.0/12', 'private'),
  v4Range('192.0.0.0/24', 'reserved'),
  v4Range('192.0.2.0/24', 'reserved'),
  v4Range('192.88.99.0/24', 'reserved'),
  v4Range('192.168.0.0/16', 'private'),
  v4Range('198.18.0.0/15', 'reserved'),
  v4Range('198.51.100.0/24', 'reserved'),
  v4Range('203.0.113.0/24', 'reserved'),
  v4Range('224.0.0.0/4', 'multicast'),
  v4Range('240.0.0.0/4', 'reserved'),
];

/** IPv6 blocks refused outright; forms that embed an IPv4 address are judged by that address. */
const IPV6_RANGES: Range[] = [
  v6Range('::/128', 'unspecified'),
  v6Range('::1/128', 'loopback'),
  v6Range('64:ff9b:1::/48', 'reserved'),
  v6Range('100::/64', 'reserved'),
  v6Range('2001::/23', 'reserved'),
  v6Range('2001:db8::/32', 'reserved'),
  v6Range('3fff::/20', 'reserved'),
  v6Range('5f00::/16', 'reserved'),
  v6Range('fc00::/7', 'unique_local'),
  v6Range('fe80::/10', 'link_local'),
  v6Range('fec0::/10', 'reserved'),
  v6Range('ff00::/8', 'multicast'),
];

const GLOBAL_UNICAST = v6Range('2000::/3', 'reserved');
/** ::ffff:a.b.c.d (mapped), 64:ff9b::a.b.c.d (NAT64): the IPv4 address in the low 32 bits is what is reached. */
const EMBEDS_IPV4_LOW: Range[] = [v6Range('::ffff:0:0/96', 'reserved'), v6Range('64:ff9b::/96', 'reserved')];
/** 6to4 carries the IPv4 address in bits 16–47. */
const SIX_TO_FOUR = v6Range('2002::/16', 'reserved');
/** ::a.b.c.d, the deprecated IPv4-compatible form (and ::ffff:0:a.b.c.d, SIIT). */
const DEPRECATED_EMBEDDINGS: Range[] = [v6Range('::/96', 'reserved'), v6Range('::ffff:0:0:0/96', 'reserved')];

function inRange(value: bigint, range: Range, width: number): boolean {
  const shift = BigInt(width - range.prefix);
  return value >> shift === range.network >> shift;
}

function classifyV4(value: bigint): AddressClass {
  return IPV4_RANGES.find((range) => inRange(value, range, 32))?.kind ?? 'public';
}

/** The 128-bit value of an IPv6 address (zone id ignored, IPv4 tail allowed); null when malformed. */
export function parseIpv6(text: string): bigint | null {
  const address = text.replace(/%[\w.-]+$/, '');
  if (!isIPv6(address)) return null;
  let groups = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (tail) {
    const value = Number(v4(tail[1]));
    groups = `${address.slice(0, -tail[1].length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head, rest] = groups.includes('::') ? groups.split('::') : [groups, null];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const missing = 8 - left.length - right.length;
  const all = rest === null ? left : [...left, ...Array(missing).fill('0'), ...right];
  return all.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

/** Classifies an IP address as text (what the URL parser and the resolver produce). */
export function classifyAddress(address: string): AddressClass {
  if (isIPv4(address)) return classifyV4(v4(address));
  const value = parseIpv6(/^\[(.*)\]$/.exec(address)?.[1] ?? address);
  if (value === null) return 'invalid';
  if (EMBEDS_IPV4_LOW.some((range) => inRange(value, range, 128))) return classifyV4(value & 0xffffffffn);
  if (inRange(value, SIX_TO_FOUR, 128)) return classifyV4((value >> 80n) & 0xffffffffn);
  const refused = IPV6_RANGES.find((range) => inRange(value, range, 128));
  if (refused) return refused.kind;
  if (DEPRECATED_EMBEDDINGS.some((range) => inRange(value, range, 128))) return 'reserved';
  return inRange(value, GLOBAL_UNICAST, 128) ? 'public' : 'reserved';
}

export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === 'public';
}

const DESCRIPTIONS: Record<AddressClass, string> = {
  public: 'public',
  unspecified: 'unspecified',
  loopback: 'loopback',
  private: 'private',
  shared: 'shared (carrier-grade NAT)',
  link_local: 'link-local',
  unique_local: 'unique-local',
  multicast: 'multicast',
  reserved: 'reserved',
  invalid: 'not an IP address',
};

export function describeAddressClass(kind: AddressClass): string {
  return DESCRIPTIONS[kind];
}
