import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';
import type { IncomingMessage } from 'node:http';

/**
 * Whom the gateway believes about a client's address (Fastify's `trustProxy`):
 * `false` — the socket's peer; a hop count N — the Nth address from the right of
 * X-Forwarded-For; CIDRs — X-Forwarded-For walked from the right past those addresses, so a
 * sender outside them is never believed.
 */
export type TrustProxy = false | number | string[];

const MAX_HOPS = 16;

/** Reads a `TRUST_PROXY` value; a problem names what is wrong with it. */
export function parseTrustProxy(raw: string | undefined): { trust: TrustProxy } | { problem: string } {
  const value = raw?.trim();
  if (!value) return { trust: false };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > MAX_HOPS) return { problem: `TRUST_PROXY: a hop count must be between 1 and ${MAX_HOPS}` };
    return { trust: hops };
  }
  const ranges = value.split(',').map((entry) => entry.trim());
  const invalid = ranges.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length)
    return {
      problem: `TRUST_PROXY: "${invalid.join('", "')}" is not an IP address or CIDR range (expected a hop count or a comma-separated list of CIDRs)`,
    };
  return { trust: ranges };
}

function isAddressOrRange(entry: string): boolean {
  if (ipaddr.isValid(entry)) return true;
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

/**
 * The client's address as Fastify's `request.ip` reads it with the same `trustProxy` (the HTTP
 * rate limiter's key), for requests Fastify does not route (the `/cable` upgrade).
 */
export function clientAddressOf(trust: TrustProxy): (request: IncomingMessage) => string {
  if (trust === false) return (request) => request.socket.remoteAddress ?? 'unknown';
  const trusted = typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : proxyAddr.compile(trust);
  return (request) => proxyAddr(request, trusted);
}
