import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { LookupAddress, LookupOneOptions, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import type { CheckedTarget } from '@parley/service-kit';
import { Pool } from 'undici';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher.config';
import { isSuccessStatus } from './retry-schedule.rules';

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

/** Idle connections close before a receiver's usual keep-alive timeout (Node's 5 s), so we rarely write to one it is closing. */
const IDLE_SOCKET_MS = 4000;
const MAX_POOLS = 1000;

/** Errors of a connection the receiver closed meanwhile; on one that carried an answer before, the request never reached it. */
const STALE_CONNECTION = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** The receiver's URL without its path: what a pool connects to. */
function originOf(target: CheckedTarget): string {
  return `https://${target.url.host}`;
}

/** Connections to a target, resolved only to its checked addresses; a connection not made within `connectMs` is given up. */
function connectionsTo(target: CheckedTarget, connectMs: number, options: Pool.Options = {}): Pool {
  return new Pool(originOf(target), {
    ...options,
    connect: {
      lookup: pinnedLookup(target),
      servername: isIP(target.hostname) ? undefined : target.hostname,
      timeout: connectMs,
    },
    // The whole exchange is bounded by the attempt's own timer.
    headersTimeout: 0,
    bodyTimeout: 0,
  });
}

/**
 * Connections kept alive per target *and checked address set*: a request reuses a connection
 * only to an address its own check just accepted, so reuse never lets an attempt bypass the
 * address rule. TLS handshakes are most of an attempt's cost; a busy receiver is spared them.
 * undici's pools: less CPU a request than Node's `https` agent (docs/performance.md, fifteenth pass).
 */
export class TargetConnectionsAdapter {
  private readonly pools = new Map<string, Pool>();

  /** `connectMs`: an attempt's time (WEBHOOK_TIMEOUT_MS); a connection still not made by then is of no use to it. */
  constructor(private readonly connectMs: number) {}

  poolFor(target: CheckedTarget): Pool {
    const addresses = target.addresses.map(({ address }) => address).sort();
    const key = `${target.hostname}|${target.url.port || 443}|${addresses.join(',')}`;
    let pool = this.pools.get(key);
    if (pool) {
      // Most recently used last: the first entry is the one to evict.
      this.pools.delete(key);
    } else {
      pool = connectionsTo(target, this.connectMs, {
        keepAliveTimeout: IDLE_SOCKET_MS,
        keepAliveMaxTimeout: IDLE_SOCKET_MS,
      });
      if (this.pools.size >= MAX_POOLS) {
        const [oldestKey, oldest] = this.pools.entries().next().value!;
        this.pools.delete(oldestKey);
        void oldest.destroy().catch(() => undefined);
      }
    }
    this.pools.set(key, pool);
    return pool;
  }

  destroy(): void {
    for (const pool of this.pools.values()) void pool.destroy().catch(() => undefined);
    this.pools.clear();
  }
}

/** One POST: no redirects followed, the whole exchange bounded by `timeoutMs`. */
@Injectable()
export class HttpsAdapter implements OnApplicationShutdown {
  private readonly pools: TargetConnectionsAdapter;

  constructor(@Inject(DISPATCHER_CONFIG) config: DispatcherConfig) {
    this.pools = new TargetConnectionsAdapter(config.timeoutMs);
  }

  onApplicationShutdown(): void {
    this.pools.destroy();
  }

  async post(
    target: CheckedTarget,
    headers: Record<string, string>,
    body: string,
    timeoutMs: number,
  ): Promise<SendResult> {
    const started = performance.now();
    const deadline = started + timeoutMs;
    const first = await this.exchange(target, headers, body, timeoutMs, this.pools.poolFor(target));
    // A kept-alive connection the receiver closed just then: once more on a new connection, in the time left.
    const retry = first.staleConnection && deadline - performance.now() > 0;
    let outcome = first;
    if (retry) {
      const left = deadline - performance.now();
      const fresh = connectionsTo(target, left, { connections: 1 });
      outcome = await this.exchange(target, headers, body, left, fresh);
      void fresh.close().catch(() => undefined);
    }
    if (retry && outcome.error?.startsWith('no answer within')) outcome.error = `no answer within ${timeoutMs} ms`;
    return { statusCode: outcome.statusCode, error: outcome.error, latencyMs: Math.round(performance.now() - started) };
  }

  private async exchange(
    target: CheckedTarget,
    headers: Record<string, string>,
    body: string,
    timeoutMs: number,
    pool: Pool,
  ): Promise<{ statusCode: number | null; error: string | null; staleConnection: boolean }> {
    const abort = new AbortController();
    let timedOut = false;
    // Also bounds a body that never ends: the connection is dropped rather than kept. The
    // verdict waits one turn of the event loop: when the loop lagged, an answer already in the
    // socket's buffer is read first (I/O before setImmediate), instead of being called a
    // timeout and sent again.
    const timer = setTimeout(() => {
      setImmediate(() => {
        timedOut = true;
        abort.abort();
      });
    }, timeoutMs);
    const requestHeaders: Record<string, string> = { ...headers };
    // Credentials in the URL (https://user:pass@host/) become Basic authentication, as receivers expect.
    if (target.url.username) {
      const credentials = `${decodeURIComponent(target.url.username)}:${decodeURIComponent(target.url.password)}`;
      requestHeaders.Authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    }
    const sent = pool.request({
      path: `${target.url.pathname}${target.url.search}`,
      method: 'POST',
      headers: requestHeaders,
      body,
      signal: abort.signal,
    });
    // undici leaves a request that is still connecting to its connect timeout: the timer decides.
    const aborted = new Promise<never>((_, reject) =>
      abort.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
    );
    try {
      const response = await Promise.race([sent, aborted]);
      const status = response.statusCode;
      // Read and drop the answer's body, so the connection can serve the next request; a body
      // that breaks off or outlasts the timer costs the connection, not the verdict.
      response.body.on('end', () => clearTimeout(timer));
      response.body.on('error', () => clearTimeout(timer));
      response.body.resume();
      const redirect = status >= 300 && status < 400;
      const location = [response.headers.location].flat()[0] ?? '?';
      return {
        statusCode: status,
        error: isSuccessStatus(status) ? null : redirect ? `redirect to ${location} not followed` : null,
        staleConnection: false,
      };
    } catch (caught) {
      clearTimeout(timer);
      if (timedOut) {
        // An answer that comes after all is dropped with its connection.
        sent.then(
          (late) => late.body.destroy(),
          () => undefined,
        );
        return { statusCode: null, error: `no answer within ${timeoutMs} ms`, staleConnection: false };
      }
      const error = caught as NodeJS.ErrnoException & { socket?: { bytesRead?: number } };
      // Reused: the connection had carried an answer before this request.
      const stale = STALE_CONNECTION.has(error.code ?? '') && (error.socket?.bytesRead ?? 0) > 0;
      return {
        statusCode: null,
        error: error.code ? `${error.code}: ${error.message}` : error.message,
        staleConnection: stale,
      };
    }
  }
}
