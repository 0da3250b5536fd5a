import type { BackendService, ServiceName } from '@parley/contracts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { CapturedMail } from '../mail/captured-mail';
import type { RunningSystem } from '../system/running-system';

/** Extra routes: answers true when it took the request. */
export type ControlRoutes = (request: IncomingMessage, response: ServerResponse) => boolean;

const ROUTE = /^\/services\/([a-z-]+)\/(restart|stop|start|pause|resume|start-replica|stop-replicas)$/;

/**
 * Lets test files (which may run in worker processes) stop, crash and restart the services
 * that the global setup owns: `POST /services/<name>/<restart|stop|start|pause|resume>` with
 * `{"env": {...}, "signal": "SIGTERM"|"SIGKILL"}`; answers `{"exit_code"}` of a stopped process.
 * `GET /mail` lists the e-mails the services sent; `routes` adds more (the webhook receiver's).
 */
export async function startControlServer(
  system: RunningSystem,
  mails: CapturedMail[],
  routes?: ControlRoutes,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/mail') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
      return;
    }
    if (routes?.(request, response)) return;
    const match = request.method === 'POST' ? ROUTE.exec(request.url ?? '') : null;
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', async () => {
      try {
        const body = raw ? (JSON.parse(raw) as { env?: Record<string, string>; signal?: NodeJS.Signals }) : {};
        const service = system.service(match[1] as ServiceName);
        let exitCode: number | null = null;
        if (match[2] === 'restart') exitCode = await system.restart(match[1] as ServiceName, body);
        if (match[2] === 'stop') exitCode = await service.stop(body.signal ?? 'SIGTERM');
        if (match[2] === 'start') await service.start(body.env);
        if (match[2] === 'pause') service.pause();
        if (match[2] === 'resume') service.resume();
        if (match[2] === 'start-replica') await system.startReplica(match[1] as BackendService, body.env);
        if (match[2] === 'stop-replicas') await system.stopReplicas(match[1] as ServiceName);
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ exit_code: exitCode }));
      } catch (error) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end((error as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
