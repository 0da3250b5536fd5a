import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Ports below the range the OS hands out to outgoing connections: a service restarted on its
 * port must find it free, and an ephemeral port may have been given to some connection since.
 */
function listeningRange(): [number, number] {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low > 12_000) return [10_000, low - 1];
  } catch {
    // not Linux: fall back to the OS's choice below
  }
  return [0, 0];
}

function tryListen(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/** A TCP port that was free a moment ago, outside the ephemeral range where the OS allows it. */
export async function freePort(): Promise<number> {
  const [low, high] = listeningRange();
  for (let attempt = 0; low > 0 && attempt < 50; attempt++) {
    const port = await tryListen(low + Math.floor(Math.random() * (high - low + 1)));
    if (port !== null) return port;
  }
  const port = await tryListen(0);
  if (port === null) throw new Error('no free port');
  return port;
}
