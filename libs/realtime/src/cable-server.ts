import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { CableConnection } from './cable-connection';
import { CABLE_SUBPROTOCOL, eventMessage, pingFrame, SharedFrames, WELCOME_FRAME } from './cable-frames';
import { resolveCableOptions, type CableOptions, type ResolvedCableOptions } from './cable-options';
import type { RealtimeEvent } from './realtime.ports';
import { RoomChannel } from './room-channel';
import { StreamRegistry } from './stream-registry';

/** Commands a socket may have waiting (e.g. behind a slow authoriser) before it is closed. */
const MAX_PENDING_COMMANDS = 100;

/**
 * The ActionCable protocol server: attaches to an HTTP server's `upgrade` at `path`, keeps the
 * sockets, and fans `publish`ed events out to the subscriptions of their stream keys.
 */
export class CableServer {
  readonly options: ResolvedCableOptions;
  private readonly wss: WebSocketServer;
  private readonly connections = new Map<CableConnection, Promise<void>>();
  private readonly socketsPerIp = new Map<string, number>();
  private readonly registry = new StreamRegistry();
  private readonly channel: RoomChannel;
  private readonly timers: NodeJS.Timeout[] = [];
  private httpServer: Server | undefined;
  private closing = false;

  constructor(options: CableOptions) {
    this.options = resolveCableOptions(options);
    this.channel = new RoomChannel(this.registry, this.options);
    this.wss = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      perMessageDeflate: false,
      maxPayload: this.options.maxPayloadBytes,
      // The reference's clients close a socket without this subprotocol; raw clients offer none.
      handleProtocols: (offered) => (offered.has(CABLE_SUBPROTOCOL) ? CABLE_SUBPROTOCOL : false),
    });
  }

  attach(server: Server): this {
    if (this.httpServer) throw new Error('CableServer is already attached');
    this.httpServer = server;
    server.on('upgrade', this.onUpgrade);
    this.timers.push(setInterval(() => this.beat(), this.options.pingIntervalMs));
    this.timers.push(setInterval(() => this.checkHeartbeats(), this.options.heartbeatIntervalMs));
    return this;
  }

  /** Delivers `event` once to every subscription of any of `streams`; answers how many. */
  publish(streams: string | readonly string[], event: RealtimeEvent): number {
    const subscribers = this.registry.subscribersOf(typeof streams === 'string' ? [streams] : streams);
    if (subscribers.size === 0) return 0;
    const frames = new SharedFrames(eventMessage(event));
    for (const subscription of subscribers) subscription.deliver(event.event_id, frames);
    return subscribers.size;
  }

  stats(): { connections: number; subscriptions: number } {
    return { connections: this.connections.size, subscriptions: this.registry.subscriptionCount };
  }

  /** Tells every client to reconnect (elsewhere), closes the sockets and detaches. */
  async close(): Promise<void> {
    this.closing = true;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    this.httpServer?.off('upgrade', this.onUpgrade);
    for (const connection of this.connections.keys()) connection.disconnect('server_restart', true);
    await Promise.all(this.connections.values());
  }

  private readonly onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (new URL(request.url ?? '/', 'http://cable').pathname !== this.options.path) {
      // Another listener may serve this path; with none, the socket must not hang.
      if (this.httpServer?.listenerCount('upgrade') === 1) refuse(socket, 404, 'Not Found');
      return;
    }
    if (this.closing) return refuse(socket, 503, 'Service Unavailable');
    const ip = this.options.clientIp(request);
    const open = this.socketsPerIp.get(ip) ?? 0;
    if (open >= this.options.maxSocketsPerIp) return refuse(socket, 429, 'Too Many Requests');
    // Counted from the upgrade on, so simultaneous handshakes cannot pass the limit together.
    this.socketsPerIp.set(ip, open + 1);
    socket.once('close', () => {
      const left = (this.socketsPerIp.get(ip) ?? 1) - 1;
      if (left > 0) this.socketsPerIp.set(ip, left);
      else this.socketsPerIp.delete(ip);
    });
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, socket, ip));
  };

  private accept(ws: WebSocket, socket: Duplex, ip: string): void {
    const connection = new CableConnection(ws, socket, ip, this.options);
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve(this.drop(connection))));
    this.connections.set(connection, closed);
    let pending = 0;
    let commands = Promise.resolve();
    // A client's protocol errors (oversized or malformed frames) close its socket; nothing to alert on.
    ws.on('error', (error) => this.options.logger.debug?.({ ip, error: error.message }, 'realtime: socket error'));
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return;
      if (++pending > MAX_PENDING_COMMANDS) return connection.disconnect('invalid_request', true);
      // One command at a time per socket: a `message` never overtakes its `subscribe`.
      commands = commands
        .then(() => this.channel.handle(connection, rawText(data)))
        .catch((error) => this.options.logger.warn({ ip, error: String(error) }, 'realtime: command failed'))
        .finally(() => pending--);
    });
    connection.sendFrame(WELCOME_FRAME);
    if (this.closing) connection.disconnect('server_restart', true);
  }

  private async drop(connection: CableConnection): Promise<void> {
    await this.channel.closeAll(connection);
    this.connections.delete(connection);
  }

  private beat(): void {
    const now = Date.now();
    const frame = pingFrame(now);
    for (const connection of this.connections.keys()) {
      connection.sendFrame(frame);
      for (const subscription of connection.subscriptions.values())
        if (subscription !== 'pending') subscription.sweep(now);
    }
  }

  private checkHeartbeats(): void {
    for (const connection of this.connections.keys()) connection.heartbeat();
  }
}

function rawText(data: RawData): string {
  return Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
}

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
