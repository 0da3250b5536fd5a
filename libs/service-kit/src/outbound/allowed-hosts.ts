import type { EnvReader } from '../config/env-reader';

/** A host exempt from the public-address rule: on any port, or on one port only. */
export interface AllowedHost {
  /** As URLs spell it: lower case, IPv6 in brackets. */
  hostname: string;
  port: number | null;
}

const BARE_IPV6 = /^[0-9a-f]*:[0-9a-f:.]*$/i;

/** `host`, `host:port`, an IP address or `[ipv6]:port`; null when the entry is none of those. */
export function parseAllowedHost(entry: string): AllowedHost | null {
  const candidate = BARE_IPV6.test(entry) ? `[${entry}]` : entry;
  let url: URL;
  try {
    url = new URL(`https://${candidate}`);
  } catch {
    return null;
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash || candidate.includes('/'))
    return null;
  // The URL parser drops an explicit default port; keep it, or "host:443" would allow every port.
  const port = url.port ? Number(url.port) : /:443$/.test(candidate) ? 443 : null;
  return { hostname: url.hostname, port };
}

export function isAllowedHost(url: URL, allowed: readonly AllowedHost[]): boolean {
  const port = url.port ? Number(url.port) : 443;
  return allowed.some((entry) => entry.hostname === url.hostname && (entry.port === null || entry.port === port));
}

/**
 * `WEBHOOK_ALLOWED_HOSTS`, comma-separated: test-only exemptions for a local receiver. Every
 * service that checks callback URLs reads the same list, so a URL is judged the same everywhere.
 */
export function readAllowedHosts(read: EnvReader): AllowedHost[] {
  const entries: AllowedHost[] = [];
  for (const entry of read
    .string('WEBHOOK_ALLOWED_HOSTS', { default: '' })
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const parsed = parseAllowedHost(entry);
    if (parsed) entries.push(parsed);
    else read.report(`WEBHOOK_ALLOWED_HOSTS: "${entry}" is not a host name, IP address or host:port`);
  }
  return entries;
}
