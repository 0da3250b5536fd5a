import { isIP } from 'node:net';
import { classifyAddress, describeAddressClass } from './address-class';
import { isAllowedHost, type AllowedHost } from './allowed-hosts';
import { UnsafeTargetError } from './unsafe-target.error';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (the system resolver, as the connection would use). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

/** A URL judged safe, with the addresses that were checked: the connection must go to one of these. */
export interface CheckedTarget {
  url: URL;
  /** Host name without IPv6 brackets, for the TLS server name and the Host header. */
  hostname: string;
  addresses: ResolvedAddress[];
}

export const MAX_URL_LENGTH = 2048;

/** Shape only: a well-formed absolute HTTPS URL. */
export function parseHttpsUrl(raw: string): URL {
  const text = raw.trim();
  if (!text) throw new UnsafeTargetError("Url can't be blank", 'blank');
  if (text.length > MAX_URL_LENGTH)
    throw new UnsafeTargetError(`Url is too long (maximum is ${MAX_URL_LENGTH} characters)`, 'malformed');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UnsafeTargetError(`Url is not a valid URL: ${text}`, 'malformed');
  }
  if (url.protocol !== 'https:') throw new UnsafeTargetError(`Url must use HTTPS: ${text}`, 'not_https');
  if (!url.hostname) throw new UnsafeTargetError(`Url is not a valid URL: ${text}`, 'malformed');
  return url;
}

/**
 * Parses the URL and resolves its host now; every address must be public unless the host is
 * on the test allow-list. Run on create and again right before each attempt (DNS rebinding).
 */
export async function checkTarget(
  raw: string,
  allowedHosts: readonly AllowedHost[],
  resolve: Resolve,
): Promise<CheckedTarget> {
  const url = parseHttpsUrl(raw);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = await addressesOf(hostname, resolve);
  if (!isAllowedHost(url, allowedHosts)) {
    for (const { address } of addresses) {
      const kind = classifyAddress(address);
      if (kind !== 'public') {
        const shown = address === hostname ? hostname : `${hostname} resolves to ${address}`;
        throw new UnsafeTargetError(
          `Url must resolve only to public addresses: ${shown} is ${describeAddressClass(kind)}`,
          'not_public',
        );
      }
    }
  }
  return { url, hostname, addresses };
}

async function addressesOf(hostname: string, resolve: Resolve): Promise<ResolvedAddress[]> {
  const family = isIP(hostname);
  if (family) return [{ address: hostname, family: family as 4 | 6 }];
  let addresses: ResolvedAddress[] = [];
  try {
    addresses = await resolve(hostname);
  } catch {
    // answered below, the same as an empty answer
  }
  if (addresses.length === 0)
    throw new UnsafeTargetError(`Url host could not be resolved: ${hostname}`, 'unresolvable');
  return addresses;
}
