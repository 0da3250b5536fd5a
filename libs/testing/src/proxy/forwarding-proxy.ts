import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface ForwardingProxy {
  url: string;
  close(): Promise<void>;
}

/** X-Forwarded-For as the proxy passes it on: what the client sent, then the client's own address. */
function forwardedFor(incoming: IncomingMessage): string {
  return [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress].filter(Boolean).join(', ');
}

/**
 * A reverse proxy as an ingress is one: it forwards each request (and WebSocket upgrade) to
 * `target`, adding the address it was called from to X-Forwarded-For, and connects upstream
 * from `sourceAddress` (any 127.x address on Linux), so the gateway can tell it from the clients.
 */
export async function startForwardingProxy(
  target: { host: string; port: number },
  sourceAddress: string,
): Promise<ForwardingProxy> {
  const server: Server = createServer((incoming: IncomingMessage, outgoing) => {
    const upstream = forward(
      {
        host: target.host,
        port: target.port,
        localAddress: sourceAddress,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor(incoming) },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  const tunnels = new Set<Socket | Duplex>();
  // An upgrade is passed on as written, with the forwarded address added, then piped both ways.
  server.on('upgrade', (incoming: IncomingMessage, client: Duplex, head: Buffer) => {
    const upstream = connect({ host: target.host, port: target.port, localAddress: sourceAddress }, () => {
      const headers = { ...incoming.headers, 'x-forwarded-for': forwardedFor(incoming) };
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${String(value)}`);
      upstream.write(`${incoming.method} ${incoming.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    for (const end of [upstream, client]) {
      tunnels.add(end);
      end.on('close', () => tunnels.delete(end));
      end.on('error', () => (end === upstream ? client : upstream).destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const tunnel of tunnels) tunnel.destroy();
      }),
  };
}
