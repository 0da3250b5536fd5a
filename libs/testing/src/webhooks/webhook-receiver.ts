import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { readBody } from '../providers/fake-provider-server';
import type { EndpointBehaviour, ReceivedRequest } from './received-request';
import { createTestCertificates } from './test-certificates';

interface Endpoint {
  behaviour: EndpointBehaviour;
  failuresLeft: number;
  requests: ReceivedRequest[];
}

const CONTROL = /^\/webhook-receiver\/endpoints(?:\/([a-f0-9]+)\/(requests|behaviour))?$/;

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * A local HTTPS server standing in for the receivers webhooks go to. Each test asks for an
 * endpoint of its own (`/hooks/<id>`) that records every request and can be told to fail or
 * to answer slowly. Tests steer it through the control server (see `handleControl`).
 */
export class WebhookReceiver {
  private readonly endpoints = new Map<string, Endpoint>();
  /** Connections that carried an answer: a request on one of them came over a kept-alive connection. */
  private readonly answeredOn = new WeakSet<object>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly caCertPath: string,
  ) {}

  /** `host:port` to put on the dispatcher's allow-list. */
  get hostAndPort(): string {
    return new URL(this.url).host;
  }

  static async start(certificateDir: string): Promise<WebhookReceiver> {
    const { caCertPath, cert, key } = createTestCertificates(certificateDir);
    let receiver: WebhookReceiver | null = null;
    const server = createServer({ cert, key }, (request, response) => void receiver!.receive(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    receiver = new WebhookReceiver(server, `https://127.0.0.1:${port}`, caCertPath);
    return receiver;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Control routes under `/webhook-receiver/`; answers false for any other path. */
  handleControl(request: IncomingMessage, response: ServerResponse): boolean {
    const match = CONTROL.exec((request.url ?? '').split('?')[0]);
    if (!match) return false;
    void (async () => {
      const [, id, action] = match;
      const raw = (await readBody(request)).toString('utf8');
      const body = raw ? (JSON.parse(raw) as EndpointBehaviour) : {};
      if (!id && request.method === 'POST') {
        const created = randomBytes(8).toString('hex');
        this.endpoints.set(created, { behaviour: body, failuresLeft: body.fail_times ?? 0, requests: [] });
        return json(response, 201, { id: created, url: `${this.url}/hooks/${created}` });
      }
      const endpoint = id ? this.endpoints.get(id) : undefined;
      if (!endpoint) return json(response, 404, { error: 'no such endpoint' });
      if (action === 'requests' && request.method === 'GET') return json(response, 200, endpoint.requests);
      if (action === 'behaviour' && request.method === 'POST') {
        endpoint.behaviour = body;
        endpoint.failuresLeft = body.fail_times ?? 0;
        return json(response, 200, body);
      }
      json(response, 405, { error: 'method not allowed' });
    })().catch((error) => json(response, 500, { error: (error as Error).message }));
    return true;
  }

  private async receive(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = (await readBody(request)).toString('utf8');
    const id = /^\/hooks\/([a-f0-9]+)/.exec(request.url ?? '')?.[1];
    const endpoint = id ? this.endpoints.get(id) : undefined;
    if (!endpoint) return void response.writeHead(404).end();
    const failing = endpoint.failuresLeft > 0;
    if (failing) endpoint.failuresLeft--;
    const status = failing ? (endpoint.behaviour.fail_status ?? 500) : 200;
    // Recorded on arrival, before any answer: a caller that sees an answer finds its request here.
    const received: ReceivedRequest = {
      method: request.method ?? '',
      path: request.url ?? '',
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
      body,
      received_at: Date.now(),
      status,
      reused: this.answeredOn.has(request.socket),
      answered: false,
    };
    endpoint.requests.push(received);
    if (endpoint.behaviour.close_reused && received.reused) return void request.socket.destroy();
    if (endpoint.behaviour.delay_ms) await new Promise((resolve) => setTimeout(resolve, endpoint.behaviour.delay_ms));
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    // A redirect points at a live endpoint: following it would be visible there.
    if (status >= 300 && status < 400) headers.location = `${this.url}/hooks/${id}`;
    if (response.destroyed) return;
    received.answered = true;
    this.answeredOn.add(request.socket);
    response.writeHead(status, headers).end('{}');
  }
}
