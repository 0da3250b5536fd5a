import { Logger } from '@nestjs/common';
import { ServerNats, type MessageHandler } from '@nestjs/microservices';
import type { Msg, NatsConnection, Subscription } from 'nats';
import { randomUUID } from 'node:crypto';
import { CORRELATION_HEADER, ORIGIN_HEADER, runInRequestContext } from '../logging/request-context';
import type { Metrics } from '../metrics/metrics';
import { openServerSpan, type OpenSpan } from '../tracing/tracing';
import { namespaced } from './namespace';
import { NATS_CONNECTION_DEFAULTS } from './nats-connection-defaults';

interface NamespacedServerOptions {
  servers: string[];
  name: string;
  queue: string;
  namespace: string;
  /** How long `close()` waits for requests already being handled. */
  graceMs: number;
  metrics?: Metrics;
}

/** A request being handled: what its answer's log line, metric and span need. */
interface Handling {
  pattern: string;
  started: number;
  span: OpenSpan | null;
}

/**
 * Nest's NATS server with three additions: subjects carry the system's namespace; each request
 * runs in its context (the caller's correlation id and origin, for logs, outgoing requests and
 * emitted events; a server span when tracing is on), and its answer is logged and measured;
 * `close()` stops taking requests, then waits for the ones in flight before disconnecting.
 * Here rather than in a Nest interceptor, which costs an rxjs chain and two async-resource
 * bindings per request; RpcContractGuard checks the request and names its caller.
 */
export class NamespacedNatsServer extends ServerNats {
  private readonly rpcLogger = new Logger('Rpc');
  private readonly ownSubscriptions: Subscription[] = [];
  private readonly handling = new WeakMap<object, Handling>();
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly settings: NamespacedServerOptions) {
    super({ servers: settings.servers, name: settings.name, queue: settings.queue, ...NATS_CONNECTION_DEFAULTS });
  }

  override bindEvents(client: NatsConnection): void {
    for (const [pattern, handlerRef] of this.messageHandlers) {
      const queue = (handlerRef.extras?.queue as string | undefined) ?? this.settings.queue;
      const subscription = client.subscribe(namespaced(this.settings.namespace, pattern), {
        queue,
        callback: this.getMessageHandler(pattern).bind(this),
      });
      this.ownSubscriptions.push(subscription);
    }
  }

  /**
   * Our patterns are plain subjects, registered as they are. Nest's look-up first tries each
   * incoming pattern as JSON, which throws (and builds a stack trace) on every request.
   */
  override getHandlerByPattern(pattern: string): MessageHandler | null {
    return this.messageHandlers.get(pattern) ?? super.getHandlerByPattern(pattern);
  }

  override async handleMessage(channel: string, natsMsg: unknown): Promise<unknown> {
    this.inFlight++;
    const headers = (natsMsg as Msg).headers;
    // `channel` is the pattern as handlers declare it: only the subscriptions carry the namespace.
    const span = openServerSpan(channel, {
      traceparent: headers?.get('traceparent') || undefined,
      tracestate: headers?.get('tracestate') || undefined,
    });
    this.handling.set(natsMsg as object, { pattern: channel, started: performance.now(), span });
    const context = {
      correlationId: headers?.get(CORRELATION_HEADER) || randomUUID(),
      // The callee's events name who caused them, e.g. a rule, whose changes must not trigger rules.
      origin: headers?.get(ORIGIN_HEADER) || 'api',
    };
    const handle = () => runInRequestContext(context, () => super.handleMessage(channel, natsMsg));
    try {
      return await (span ? span.run(handle) : handle());
    } catch (error) {
      this.handling.delete(natsMsg as object);
      span?.end((error as Error)?.message ?? 'failed');
      this.settle();
      throw error;
    }
  }

  override getPublisher(
    natsMsg: unknown,
    id: string,
    ctx: never,
  ): (response: { isDisposed?: boolean; err?: unknown }) => unknown {
    const publish = super.getPublisher(natsMsg, id, ctx);
    return (response) => {
      try {
        return publish(response);
      } finally {
        if (response.isDisposed) {
          this.answered(natsMsg as object, response.err);
          this.settle();
        }
      }
    };
  }

  /** One log line and one observation per request, with the caller's correlation id. */
  private answered(natsMsg: object, error: unknown): void {
    const handling = this.handling.get(natsMsg);
    if (!handling) return;
    this.handling.delete(natsMsg);
    const elapsed = performance.now() - handling.started;
    const failed = error !== undefined && error !== null;
    const code = failed ? ((error as { code?: string }).code ?? 'error') : undefined;
    this.settings.metrics?.rpcServer.observe(
      { pattern: handling.pattern, outcome: failed ? 'error' : 'ok' },
      elapsed / 1000,
    );
    this.rpcLogger.log(`${handling.pattern} ${failed ? `failed (${code})` : 'answered'} in ${Math.round(elapsed)} ms`);
    handling.span?.end(failed ? code : undefined);
  }

  override async close(): Promise<void> {
    // Drain, not unsubscribe: requests NATS routed here before it saw the UNSUB are still
    // handled (an unsubscribe drops them, and their callers wait out their timeout: 504).
    await Promise.all(
      this.ownSubscriptions.splice(0).map((subscription) => subscription.drain().catch(() => undefined)),
    );
    await this.whenIdle(this.settings.graceMs);
    try {
      await this.unwrap<NatsConnection>().flush();
    } catch {
      // not connected: nothing left to flush
    }
    await super.close();
  }

  private settle(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
  }

  private whenIdle(limitMs: number): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, limitMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
