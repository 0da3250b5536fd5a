import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { LookupAddress, LookupOneOptions, LookupOptions } from 'node:dns';
import { Agent, request, type RequestOptions } from 'node:https';
import { isIP } from 'node:net';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher.config';
import type { CheckedTarget } from '@parley/service-kit';
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
const MAX_AGENTS = 1000;

/** Errors of a kept-alive connection the receiver closed meanwhile: the request never reached it. */
const STALE_CONNECTION = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * Connections kept alive per target *and checked address set*: a request reuses a connection
 * only to an address its own check just accepted, so reuse never lets an attempt bypass the
 * address rule. TLS handshakes are most of an attempt's cost; a busy receiver is spared them.
 */
export class TargetConnectionsAdapter {
  private readonly agents = new Map<string, Agent>();

  /** `maxIdlePerTarget`: as many as may be in flight, or a burst would close connections only to open them again. */
  constructor(private readonly maxIdlePerTarget: number) {}

  agentFor(target: CheckedTarget): Agent {
    const addresses = target.addresses.map(({ address }) => address).sort();
    const key = `${target.hostname}|${target.url.port || 443}|${addresses.join(',')}`;
    let agent = this.agents.get(key);
    if (agent) {
      // Most recently used last: the first entry is the one to evict.
      this.agents.delete(key);
    } else {
      agent = new Agent({
        keepAlive: true,
        timeout: IDLE_SOCKET_MS,
        maxFreeSockets: this.maxIdlePerTarget,
        scheduling: 'lifo',
      });
      if (this.agents.size >= MAX_AGENTS) {
        const [oldestKey, oldest] = this.agents.entries().next().value!;
        this.agents.delete(oldestKey);
        oldest.destroy();
      }
    }
    this.agents.set(key, agent);
    return agent;
  }

  destroy(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}

/** One POST: no redirects followed, the whole exchange bounded by `timeoutMs`. */
@Injectable()
export class HttpsAdapter implements OnApplicationShutdown {
  private readonly pools: TargetConnectionsAdapter;

  constructor(@Inject(DISPATCHER_CONFIG) config: DispatcherConfig) {
    this.pools = new TargetConnectionsAdapter(config.concurrency);
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
    const first = await this.exchange(target, headers, body, timeoutMs, this.pools.agentFor(target));
    // A kept-alive connection the receiver closed just then: once more on a new connection, in the time left.
    const retry = first.staleConnection && deadline - performance.now() > 0;
    const outcome = retry ? await this.exchange(target, headers, body, deadline - performance.now(), false) : first;
    if (retry && outcome.error?.startsWith('no answer within')) outcome.error = `no answer within ${timeoutMs} ms`;
    return { statusCode: outcome.statusCode, error: outcome.error, latencyMs: Math.round(performance.now() - started) };
  }

  private exchange(
    target: CheckedTarget,
    headers: Record<string, string>,
    body: string,
    timeoutMs: number,
    agent: Agent | false,
  ): Promise<{ statusCode: number | null; error: string | null; staleConnection: boolean }> {
    return new Promise((resolve) => {
      let settled = false;
      const finish = (statusCode: number | null, error: string | null, staleConnection = false) => {
        if (settled) return;
        settled = true;
        resolve({ statusCode, error, staleConnection });
      };
      const options: RequestOptions = {
        hostname: target.hostname,
        port: target.url.port || 443,
        path: `${target.url.pathname}${target.url.search}`,
        // Credentials in the URL (https://user:pass@host/) become Basic authentication, as receivers expect.
        auth: target.url.username
          ? `${decodeURIComponent(target.url.username)}:${decodeURIComponent(target.url.password)}`
          : undefined,
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        agent,
        lookup: pinnedLookup(target),
        servername: isIP(target.hostname) ? undefined : target.hostname,
      };
      const outgoing = request(options, (response) => {
        const status = response.statusCode ?? null;
        // Read and drop the answer's body, so the connection can serve the next request.
        response.resume();
        response.on('end', () => clearTimeout(timer));
        // The connection dropped mid-body: the status is what counts.
        response.on('error', () => clearTimeout(timer));
        const redirect = status !== null && status >= 300 && status < 400;
        finish(
          status,
          isSuccessStatus(status)
            ? null
            : redirect
              ? `redirect to ${response.headers.location ?? '?'} not followed`
              : null,
        );
      });
      // Also bounds a body that never ends: the connection is dropped rather than kept. The
      // verdict waits one turn of the event loop: when the loop lagged, an answer already in the
      // socket's buffer is read first (I/O before setImmediate), instead of being called a
      // timeout and sent again.
      const timer = setTimeout(() => {
        setImmediate(() => {
          finish(null, `no answer within ${timeoutMs} ms`);
          outgoing.destroy();
        });
      }, timeoutMs);
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        const stale = outgoing.reusedSocket && STALE_CONNECTION.has(error.code ?? '');
        finish(null, error.code ? `${error.code}: ${error.message}` : error.message, stale);
      });
      outgoing.end(body);
    });
  }
}
