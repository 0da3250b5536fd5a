import { Injectable } from '@nestjs/common';
import type { LookupAddress, LookupOneOptions, LookupOptions } from 'node:dns';
import { request } from 'node:https';
import { isIP } from 'node:net';
import type { CheckedTarget } from '../targets/target-check';
import { isSuccessStatus } from './retry-schedule';

export interface SendResult {
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Resolves the target's host to the addresses that were checked, and nothing else: a DNS
 * answer that changed since the check (rebinding) is never used for the connection.
 */
export function pinnedLookup(target: CheckedTarget) {
  return (_hostname: string, options: LookupOptions | LookupOneOptions, callback: LookupCallback): void => {
    if ((options as LookupOptions).all) callback(null, target.addresses);
    else callback(null, target.addresses[0].address, target.addresses[0].family);
  };
}

/** One POST: no redirects followed, no connection reuse, the whole exchange bounded by `timeoutMs`. */
@Injectable()
export class HttpsSender {
  post(target: CheckedTarget, headers: Record<string, string>, body: string, timeoutMs: number): Promise<SendResult> {
    const started = performance.now();
    return new Promise((resolve) => {
      let settled = false;
      const finish = (statusCode: number | null, error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outgoing.destroy();
        resolve({ statusCode, error, latencyMs: Math.round(performance.now() - started) });
      };
      const outgoing = request(
        {
          hostname: target.hostname,
          port: target.url.port || 443,
          path: `${target.url.pathname}${target.url.search}`,
          // Credentials in the URL (https://user:pass@host/) become Basic authentication, as receivers expect.
          auth: target.url.username ? `${decodeURIComponent(target.url.username)}:${decodeURIComponent(target.url.password)}` : undefined,
          method: 'POST',
          headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
          agent: false,
          lookup: pinnedLookup(target),
          servername: isIP(target.hostname) ? undefined : target.hostname,
        },
        (response) => {
          const status = response.statusCode ?? null;
          response.resume();
          const redirect = status !== null && status >= 300 && status < 400;
          finish(status, isSuccessStatus(status) ? null : redirect ? `redirect to ${response.headers.location ?? '?'} not followed` : null);
        },
      );
      const timer = setTimeout(() => finish(null, `no answer within ${timeoutMs} ms`), timeoutMs);
      outgoing.on('error', (error: NodeJS.ErrnoException) => finish(null, error.code ? `${error.code}: ${error.message}` : error.message));
      outgoing.end(body);
    });
  }
}
