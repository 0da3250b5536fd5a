import type { IncomingMessage } from 'node:http';
import type { ActionHandler, EventHistory, RealtimeLogger, SubscriptionAuthorizer } from './realtime.ports';

export interface CableOptions {
  authorizer: SubscriptionAuthorizer;
  actions?: ActionHandler;
  /** Without it, every `resume` is answered `resync_required`. */
  history?: EventHistory;
  logger?: RealtimeLogger;
  /** Default `/cable`. */
  path?: string;
  /** ActionCable's beat; the 6.x client reconnects after 6 s without one. Default 3 s. */
  pingIntervalMs?: number;
  /** WebSocket ping; a socket that has not answered the previous one is terminated. Default 30 s. */
  heartbeatIntervalMs?: number;
  /** Sockets that hold a subscription with one pubsub token. Default 20. */
  maxSocketsPerToken?: number;
  /** Open sockets per client address. Default 1,000. */
  maxSocketsPerIp?: number;
  /** Subscriptions one socket may hold. Default 50. */
  maxSubscriptionsPerSocket?: number;
  /** Bytes waiting in a socket's send buffer beyond which the client counts as slow. Default 1 MiB. */
  maxBufferedBytes?: number;
  /** Live frames held for one subscription while it replays. Default 1,000. */
  maxQueuedFrames?: number;
  /**
   * How long after a confirm or a replay delivered event ids are remembered to drop repeats: it
   * covers the round trip before a client's `resume` and live frames lagging the history. Default 10 s.
   */
  dedupeWindowMs?: number;
  /** Largest client frame accepted. Default 64 KiB. */
  maxPayloadBytes?: number;
  /** How long a replay waits for the client to read its send buffer before it counts as slow. Default 10 s. */
  drainTimeoutMs?: number;
  /** How long a closing socket may take before it is cut. Default 2 s. */
  closeGraceMs?: number;
  /** The client's address; behind a proxy, read the forwarded header here. Default: the peer address. */
  clientIp?: (request: IncomingMessage) => string;
}

export type ResolvedCableOptions = Required<Omit<CableOptions, 'actions' | 'history' | 'logger'>> &
  Pick<CableOptions, 'actions' | 'history'> & { logger: RealtimeLogger };

const SILENT: RealtimeLogger = { warn: () => undefined };

export const CABLE_DEFAULTS = {
  path: '/cable',
  pingIntervalMs: 3_000,
  heartbeatIntervalMs: 30_000,
  maxSocketsPerToken: 20,
  maxSocketsPerIp: 1_000,
  maxSubscriptionsPerSocket: 50,
  maxBufferedBytes: 1024 * 1024,
  maxQueuedFrames: 1_000,
  dedupeWindowMs: 10_000,
  maxPayloadBytes: 64 * 1024,
  drainTimeoutMs: 10_000,
  closeGraceMs: 2_000,
} as const;

export function resolveCableOptions(options: CableOptions): ResolvedCableOptions {
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  return {
    ...CABLE_DEFAULTS,
    clientIp: (request) => request.socket.remoteAddress ?? 'unknown',
    logger: SILENT,
    ...defined,
  } as ResolvedCableOptions;
}
