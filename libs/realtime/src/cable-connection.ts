import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';
import { disconnectFrame, type DisconnectReason } from './cable-frames';
import type { CableSubscription, FrameSink } from './cable-subscription';
import type { RealtimeLogger } from './realtime.ports';

export interface ConnectionSettings {
  maxBufferedBytes: number;
  closeGraceMs: number;
  /** How long a replay waits for a client to read before it counts as slow. */
  drainTimeoutMs: number;
  logger: RealtimeLogger;
}

/** Close codes (RFC 6455 §7.4.1): going away on shutdown, try again later for a slow client. */
const CLOSE_CODE: Record<DisconnectReason, number> = {
  server_restart: 1001,
  remote: 1013,
  unauthorized: 1008,
  invalid_request: 1008,
};

/** Sockets corked during this turn of the event loop; uncorked together at the next. */
const corked = new Set<Duplex>();

function flushCorked(): void {
  for (const socket of corked) socket.uncork();
  corked.clear();
}

/**
 * Holds a socket's writes until the next turn, so the frames one turn sends it (a backlog of
 * events fanned out together) leave in one write instead of a system call each.
 */
function corkForThisTurn(socket: Duplex): void {
  if (corked.has(socket)) return;
  if (corked.size === 0) setImmediate(flushCorked);
  corked.add(socket);
  socket.cork();
}

/**
 * One socket: its subscriptions (keyed by the raw identifier string, as ActionCable does; a
 * pending entry while the authoriser answers) and its send path, which refuses to buffer more
 * than `maxBufferedBytes` for a client that does not read.
 */
export class CableConnection implements FrameSink {
  readonly subscriptions = new Map<string, CableSubscription | 'pending'>();
  /** Answered the last WebSocket ping. */
  alive = true;
  private closing = false;
  private killTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ws: WebSocket,
    private readonly socket: Duplex,
    readonly ip: string,
    private readonly settings: ConnectionSettings,
  ) {
    ws.on('pong', () => {
      this.alive = true;
    });
    ws.once('close', () => clearTimeout(this.killTimer));
  }

  get isOpen(): boolean {
    return !this.closing && this.ws.readyState === WebSocket.OPEN;
  }

  /** A text frame, as a string or its UTF-8 bytes. */
  sendFrame(frame: string | Buffer): boolean {
    if (!this.isOpen) return false;
    const buffered = this.ws.bufferedAmount;
    // One frame larger than the bound still goes out alone; refusing it would loop reconnects.
    if (buffered > 0 && buffered + Buffer.byteLength(frame) > this.settings.maxBufferedBytes) {
      this.settings.logger.warn({ ip: this.ip, buffered }, 'realtime: slow client disconnected');
      this.disconnect('remote', true);
      return false;
    }
    corkForThisTurn(this.socket);
    this.ws.send(frame, { binary: false });
    return true;
  }

  drained(): Promise<boolean> {
    if (!this.isOpen) return Promise.resolve(false);
    if (this.ws.bufferedAmount <= this.settings.maxBufferedBytes / 2) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (drained: boolean) => {
        clearTimeout(timer);
        this.socket.off('drain', onDrain);
        this.socket.off('close', onClose);
        resolve(drained && this.isOpen);
      };
      const onDrain = () => done(true);
      const onClose = () => done(false);
      const timer = setTimeout(() => done(false), this.settings.drainTimeoutMs);
      this.socket.on('drain', onDrain);
      this.socket.on('close', onClose);
    });
  }

  overflowed(): void {
    this.disconnect('remote', true);
  }

  /** Sends the `disconnect` frame, closes, and cuts the socket if the close does not complete. */
  disconnect(reason: DisconnectReason, reconnect: boolean): void {
    if (this.closing || this.ws.readyState !== WebSocket.OPEN) return;
    this.closing = true;
    // A few bytes more for a slow client is bounded; the socket is cut below anyway.
    this.ws.send(disconnectFrame(reason, reconnect));
    this.ws.close(CLOSE_CODE[reason], reason);
    this.killTimer = setTimeout(() => this.ws.terminate(), this.settings.closeGraceMs);
  }

  /** WebSocket-level liveness: false when the socket had to be terminated. */
  heartbeat(): boolean {
    if (!this.alive) {
      this.ws.terminate();
      return false;
    }
    this.alive = false;
    this.ws.ping();
    return true;
  }
}
