import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForwardingProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * A reverse proxy as an ingress is one: it forwards each request to `target`, adding the
 * address it was called from to X-Forwarded-For, and connects upstream from `sourceAddress`
 * (any 127.x address on Linux), so the gateway can tell it from the clients.
 */
export async function startForwardingProxy(
  target: { host: string; port: number },
  sourceAddress: string,
): Promise<ForwardingProxy> {
  const server: Server = createServer((incoming: IncomingMessage, outgoing) => {
    const given = incoming.headers['x-forwarded-for'];
    const forwardedFor = [given, incoming.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = forward(
      {
        host: target.host,
        port: target.port,
        localAddress: sourceAddress,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor },
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
