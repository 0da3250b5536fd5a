import type { ServiceName } from '@parley/contracts';
import { createServer, type Server } from 'node:http';
import type { CapturedMail } from '../mail/captured-mail';
import type { RunningSystem } from '../system/running-system';

const ROUTE = /^\/services\/([a-z-]+)\/(restart|stop|start|pause|resume)$/;

/**
 * Lets test files (which may run in worker processes) stop, crash and restart the services
 * that the global setup owns: `POST /services/<name>/<restart|stop|start|pause|resume>` with
 * `{"env": {...}, "signal": "SIGTERM"|"SIGKILL"}`; answers `{"exit_code"}` of a stopped process.
 * `GET /mail` lists the e-mails the services sent.
 */
export async function startControlServer(system: RunningSystem, mails: CapturedMail[]): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/mail') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
      return;
    }
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
