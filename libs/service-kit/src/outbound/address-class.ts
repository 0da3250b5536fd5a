import { IPv4, IPv6 } from 'ipaddr.js';
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

/**
 * ipaddr.js range names that have a class of their own; every other special-purpose range it
 * knows (documentation, benchmarking, broadcast, AS112, AMT, Teredo, ORCHID, …) is `reserved`,
 * because none of them is an ordinary Internet host.
 */
const NAMED: Record<string, AddressClass> = {
  unicast: 'public',
  unspecified: 'unspecified',
  loopback: 'loopback',
  private: 'private',
  carrierGradeNat: 'shared',
  linkLocal: 'link_local',
  uniqueLocal: 'unique_local',
  multicast: 'multicast',
};

const cidr = (text: string) => IPv6.parseCIDR(text);
/** Only the well-known NAT64 prefix puts the IPv4 address in the low 32 bits; the local-use /48 is refused. */
const NAT64_WELL_KNOWN = cidr('64:ff9b::/96');
/** ::a.b.c.d, the deprecated IPv4-compatible form: nothing routes it, so nothing should call it. */
const IPV4_COMPATIBLE = cidr('::/96');
/** Unicast outside 2000::/3 is not allocated yet. */
const GLOBAL_UNICAST = cidr('2000::/3');

function classifyV4(address: IPv4): AddressClass {
  return NAMED[address.range()] ?? 'reserved';
}

function ipv4At(address: IPv6, offset: number): IPv4 {
  return new IPv4(address.toByteArray().slice(offset, offset + 4));
}

function classifyV6(address: IPv6): AddressClass {
  const range = address.range();
  if (range === 'ipv4Mapped') return classifyV4(address.toIPv4Address());
  if (range === 'rfc6052') return address.match(NAT64_WELL_KNOWN) ? classifyV4(ipv4At(address, 12)) : 'reserved';
  if (range === '6to4') return classifyV4(ipv4At(address, 2));
  if (range !== 'unicast') return NAMED[range] ?? 'reserved';
  return address.match(GLOBAL_UNICAST) && !address.match(IPV4_COMPATIBLE) ? 'public' : 'reserved';
}

/**
 * Parses IPv6 text (zone id ignored, IPv4 tail allowed). Node's check comes first: ipaddr.js also
 * takes hex and short IPv4 tails. The tail is rewritten as hex groups because ipaddr.js reads
 * `::a.b.c.d` as `::ffff:a.b.c.d`, which would turn a refused address into a reachable one.
 */
function parseV6(text: string): IPv6 | null {
  const address = text.replace(/%[\w.-]+$/, '');
  if (!isIPv6(address)) return null;
  const groups = address.replace(/\d+\.\d+\.\d+\.\d+$/, (tail) => {
    const [a, b, c, d] = IPv4.parse(tail).octets;
    return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  });
  return IPv6.parse(groups);
}

/** Classifies an IP address as text (what the URL parser and the resolver produce). */
export function classifyAddress(address: string): AddressClass {
  // Strict dotted decimal only: the legacy forms (127.1, 0x7f000001, 010.0.0.1) are not addresses here.
  if (isIPv4(address)) return classifyV4(IPv4.parse(address));
  const v6 = parseV6(/^\[(.*)\]$/.exec(address)?.[1] ?? address);
  return v6 ? classifyV6(v6) : 'invalid';
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
