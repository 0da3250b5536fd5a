import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown } from '@nestjs/common';
import { CommonErrors, isRpcErrorPayload, type RpcPattern, type RpcRequest, type RpcResponse } from '@parley/contracts';
import { connect, ErrorCode, headers as natsHeaders, JSONCodec, type NatsConnection } from 'nats';
import { SERVICE_CONFIG } from '../config/tokens';
import type { ServiceConfig } from '../config/service-config';
import { CORRELATION_HEADER, currentRequestContext, ORIGIN_HEADER } from '../logging/request-context';
import { namespaced } from './namespace';
import { Metrics } from '../metrics/metrics';
import { currentTraceCarrier } from '../tracing/tracing';
import { NATS_CONNECTION_DEFAULTS } from './nats-connection-defaults';
import { responseJsonOf } from './reply-json';
import { ReplyMux } from './reply-mux';
import { RpcCallError } from './rpc-call.error';

/**
 * How long a read model waits for the owning service on a miss (read your writes): well within
 * the gateway's own wait for the request that needs the answer.
 */
export const OWNER_LOOKUP_TIMEOUT_MS = 2000;

export interface SendOptions {
  timeoutMs?: number;
}

/** What Nest's NATS server expects (`id` makes it a request, not an event) and answers. */
interface RequestPacket {
  pattern: string;
  data: unknown;
  id: string;
}

interface ReplyPacket {
  id?: string;
  response?: unknown;
  err?: unknown;
  isDisposed?: boolean;
}

/** The client's connection, and the one subscription its requests' replies arrive on. */
interface Connected {
  nats: NatsConnection;
  replies: ReplyMux;
}

const textDecoder = new TextDecoder();

const UNAVAILABLE_CODES: string[] = [
  ErrorCode.NoResponders,
  ErrorCode.ConnectionRefused,
  ErrorCode.Disconnect,
  ErrorCode.ConnectionClosed,
  ErrorCode.ConnectionDraining,
  ErrorCode.ConnectionTimeout,
];

/**
 * Typed request/reply over NATS. Patterns and payload types come from `@parley/contracts`;
 * failures arrive as RpcCallError with the code the caller should pass on. While the
 * connection to NATS is down, requests fail at once (unavailable) instead of waiting out
 * their timeout in the client's reconnect buffer.
 *
 * It speaks the wire format of Nest's NATS transport (the services' servers are Nest's), but
 * through one shared reply subscription (ReplyMux): Nest's own client subscribes and
 * unsubscribes an inbox per request, which costs the caller and the NATS server a lot.
 */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  private readonly logger = new Logger(RpcClient.name);
  private readonly codec = JSONCodec<RequestPacket>();
  private connection: Promise<Connected> | null = null;
  private connected = false;
  private sequence = 0;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  send<P extends RpcPattern>(pattern: P, request: RpcRequest<P>, options: SendOptions = {}): Promise<RpcResponse<P>> {
    return this.sendUntyped(pattern, request, options) as Promise<RpcResponse<P>>;
  }

  /** For patterns outside the typed map, such as each service's health check. */
  sendUntyped(pattern: string, request: unknown, options: SendOptions = {}): Promise<unknown> {
    return this.observed(pattern, async () =>
      this.answerOf(pattern, textDecoder.decode(await this.request(pattern, request, options))),
    );
  }

  /**
   * The answer as the JSON text the service sent, for a route that passes it on unchanged (a
   * large page): it is neither decoded into objects nor encoded again on the way out.
   */
  sendJson<P extends RpcPattern>(pattern: P, request: RpcRequest<P>, options: SendOptions = {}): Promise<string> {
    return this.observed(pattern, async () => {
      const reply = textDecoder.decode(await this.request(pattern, request, options));
      return responseJsonOf(reply) ?? JSON.stringify(this.answerOf(pattern, reply));
    });
  }

  private async observed<T>(pattern: string, call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const observe = (outcome: string) =>
      this.metrics?.rpcClient.observe({ pattern, outcome }, (performance.now() - started) / 1000);
    try {
      const answer = await call();
      observe('ok');
      return answer;
    } catch (error) {
      const code = (error as RpcCallError).code;
      observe(
        code === CommonErrors.rpcTimeout ? 'timeout' : code === CommonErrors.rpcUnavailable ? 'unavailable' : 'error',
      );
      throw error;
    }
  }

  /** The reply's answer, or its error thrown as RpcCallError. */
  private answerOf(pattern: string, text: string): unknown {
    let reply: ReplyPacket;
    try {
      reply = JSON.parse(text) as ReplyPacket;
    } catch (error) {
      this.logger.error(`Unreadable reply from ${pattern.split('.')[0]}: ${(error as Error).message}`);
      throw RpcCallError.internal();
    }
    if (reply.err !== undefined && reply.err !== null) {
      if (isRpcErrorPayload(reply.err)) throw new RpcCallError(reply.err);
      this.logger.error(`Unexpected error reply from ${pattern.split('.')[0]}: ${JSON.stringify(reply.err)}`);
      throw RpcCallError.internal();
    }
    return reply.response ?? null;
  }

  /** The reply's bytes. */
  private async request(pattern: string, request: unknown, options: SendOptions): Promise<Uint8Array> {
    const service = pattern.split('.')[0];
    const limit = options.timeoutMs ?? this.config.nats.rpcTimeoutMs;
    const headers = natsHeaders();
    const context = currentRequestContext();
    if (context) headers.set(CORRELATION_HEADER, context.correlationId);
    for (const [name, value] of Object.entries(currentTraceCarrier())) if (value) headers.set(name, value);
    // The callee's events then name who caused them, e.g. a rule, whose changes must not trigger rules.
    if (context?.origin) headers.set(ORIGIN_HEADER, context.origin);
    const packet: RequestPacket = { pattern, data: request, id: String(++this.sequence) };
    try {
      const { replies } = await this.connect();
      if (!this.connected) throw RpcCallError.unavailable(service);
      const message = await replies.request(
        namespaced(this.config.nats.namespace, pattern),
        this.codec.encode(packet),
        {
          timeoutMs: limit,
          headers,
        },
      );
      return message.data;
    } catch (error) {
      throw error instanceof RpcCallError ? error : this.toCallError(error, service, limit);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    await connection?.then(({ nats }) => nats.drain()).catch(() => undefined);
  }

  /** Connects on first use; a failed attempt is forgotten so the next request tries again. */
  private connect(): Promise<Connected> {
    this.connection ??= connect({
      servers: this.config.nats.servers,
      name: `${this.config.service}-rpc-client`,
      ...NATS_CONNECTION_DEFAULTS,
    }).then(
      (nats) => {
        this.connected = true;
        void this.followStatus(nats);
        return { nats, replies: new ReplyMux(nats) };
      },
      (error) => {
        this.connection = null;
        throw error;
      },
    );
    return this.connection;
  }

  /** Tracks whether the connection is up, so requests made during an outage fail fast. */
  private async followStatus(nats: NatsConnection): Promise<void> {
    for await (const status of nats.status()) {
      if (status.type === 'disconnect') {
        this.connected = false;
        this.logger.warn('Lost the connection to NATS: requests answer "unavailable" until it is back');
      } else if (status.type === 'reconnect') {
        this.connected = true;
        this.logger.log('Reconnected to NATS');
      }
    }
  }

  private toCallError(error: unknown, service: string, limit: number): RpcCallError {
    const code = (error as { code?: string } | null)?.code;
    if (code === ErrorCode.Timeout) return RpcCallError.timeout(service, limit);
    if (code && UNAVAILABLE_CODES.includes(code)) return RpcCallError.unavailable(service);
    this.logger.error(`Unexpected failure calling ${service}: ${String((error as Error)?.stack ?? error)}`);
    return RpcCallError.internal();
  }
}
