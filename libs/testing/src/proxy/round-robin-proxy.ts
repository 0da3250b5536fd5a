import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP load balancer in front of several gateways: each new connection goes to the
 * next target in turn, and to the one after when a target refuses it (a gateway that is down),
 * as a load balancer's health checks would arrange. Connections already open to a gateway
 * that dies are dropped with it: clients see that as no answer.
 */
export class RoundRobinProxy {
  private server: Server | null = null;
  private next = 0;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly targets: Array<{ host: string; port: number }>) {}

  async start(): Promise<number> {
    const server = createServer((client) => this.route(client, 0));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.server = server;
    return this.port;
  }

  get port(): number {
    const address = this.server?.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private route(client: Socket, tried: number): void {
    if (tried >= this.targets.length) {
      client.destroy();
      return;
    }
    client.pause();
    const target = this.targets[this.next++ % this.targets.length];
    const upstream = createConnection(target);
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
      client.resume();
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.on('error', () => client.destroy());
    });
    upstream.on('error', () => {
      upstream.destroy();
      if (!connected) this.route(client, tried + 1);
    });
  }
}
