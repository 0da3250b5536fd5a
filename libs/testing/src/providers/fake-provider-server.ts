import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { TestCertificates } from '../webhooks/test-certificates';

/** One request a provider fake received, as the tests read it back. */
export interface FakeProviderRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The body as text (JSON and forms); multipart bodies as they came. */
  body: string;
  /** What the fake answered; 0 while the answer is held (`slowFakeProvider`). */
  status: number;
}

/** How the next provider calls of an account fail: `fail_times` answers of `fail_status`, with `retry_after` seconds. */
export interface FakeFailure {
  fail_times: number;
  fail_status: number;
  retry_after?: number;
  /** The provider's error code in the error body. */
  error_code?: number;
  error_message?: string;
}

/** The answer a provider route gives: status, body (JSON unless a Buffer) and headers. */
export interface FakeAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, answer: FakeAnswer): void {
  const raw = Buffer.isBuffer(answer.body);
  response
    .writeHead(answer.status, {
      'content-type': raw ? 'application/octet-stream' : 'application/json',
      ...answer.headers,
    })
    .end(raw ? (answer.body as Buffer) : JSON.stringify(answer.body));
}

/**
 * A provider's API on a real HTTPS server (a certificate of the run's test CA, which the
 * services trust through NODE_EXTRA_CA_CERTS). Subclasses answer the provider's routes and
 * check each request as the provider documents it; every request is recorded per account
 * (the key a subclass reads from the request: a phone number id, a bot token, an account SID).
 * Tests steer it through the control server: `/fakes/<family>/…` (see `handleControl`).
 */
export abstract class FakeProviderServer {
  protected readonly requests = new Map<string, FakeProviderRequest[]>();
  protected readonly failures = new Map<string, FakeFailure>();
  /** Per account: how long each send's answer is held (a slow provider; a crash cuts sends off mid-call). */
  private readonly delays = new Map<string, number>();
  private server: Server | null = null;
  url = '';

  constructor(readonly family: string) {}

  async start(certificates: Pick<TestCertificates, 'cert' | 'key'>): Promise<this> {
    const server = createServer(certificates, (request, response) => void this.receive(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    this.url = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    this.server = server;
    return this;
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The account a request belongs to, or null when the request names none the fake knows. */
  protected abstract accountOf(request: IncomingMessage): string | null;
  /** Answers one provider call of a known account (its auth already read by `accountOf`). */
  protected abstract answer(account: string, request: IncomingMessage, body: Buffer): Promise<FakeAnswer>;
  /** The provider's error body for a scripted failure. */
  protected abstract errorBody(failure: FakeFailure): unknown;
  /** Control actions of the family (`POST /fakes/<family>/<action>`); null when unknown. */
  protected abstract control(action: string, body: Record<string, unknown>): Promise<unknown>;
  /** The answer to a request no account owns (bad credentials), in the provider's shape. */
  protected abstract unauthorised(): FakeAnswer;

  private async receive(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const account = this.accountOf(request);
    let answer: FakeAnswer;
    if (account === null) {
      answer = this.unauthorised();
    } else {
      // Recorded on arrival: a request counts as received even when its caller dies before the answer.
      const received: FakeProviderRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
        body: body.toString('utf8'),
        status: 0,
      };
      const list = this.requests.get(account) ?? [];
      list.push(received);
      this.requests.set(account, list);
      await this.arrived(account, request, body);
      const failure = this.failures.get(account);
      if (failure && failure.fail_times > 0 && this.failsHere(request)) {
        failure.fail_times--;
        answer = {
          status: failure.fail_status,
          body: this.errorBody(failure),
          headers: failure.retry_after !== undefined ? { 'retry-after': String(failure.retry_after) } : {},
        };
      } else {
        answer = await this.answer(account, request, body).catch((error: Error) => ({
          status: 400,
          body: this.errorBody({ fail_times: 0, fail_status: 400, error_message: error.message }),
        }));
      }
      // The provider acts on the request at once (a Twilio Message exists from then on); only its answer is slow.
      const delay = this.failsHere(request) ? (this.delays.get(account) ?? 0) : 0;
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      received.status = answer.status;
    }
    if (!response.destroyed) send(response, answer);
    if (account !== null && answer.status < 300) this.answered(account, request, body, answer);
  }

  /** When a call arrives, before it is answered: a fake's webhooks that overtake the answer. */
  protected async arrived(_account: string, _request: IncomingMessage, _body: Buffer): Promise<void> {
    // Nothing by default.
  }

  /** After a call was answered (whether or not its caller was still there): a fake's follow-up webhooks. */
  protected answered(_account: string, _request: IncomingMessage, _body: Buffer, _answer: FakeAnswer): void {
    // No follow-up by default.
  }

  /** Scripted failures hit sends only (not media downloads or lookups). */
  protected failsHere(request: IncomingMessage): boolean {
    return request.method === 'POST';
  }

  /**
   * `GET /fakes/<family>/requests/<account>`, `POST /fakes/<family>/fail/<account>`,
   * `POST /fakes/<family>/slow/<account>` (`{delay_ms}`), `POST /fakes/<family>/<action>`.
   */
  handleControl(request: IncomingMessage, response: ServerResponse): boolean {
    const match = new RegExp(`^/fakes/${this.family}/([a-z_]+)(?:/([^/?]+))?$`).exec((request.url ?? '').split('?')[0]);
    if (!match) return false;
    void (async () => {
      const [, action, account] = match;
      const raw = (await readBody(request)).toString('utf8');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      if (action === 'requests' && account)
        return send(response, { status: 200, body: this.requests.get(decodeURIComponent(account)) ?? [] });
      if (action === 'slow' && account) {
        this.delays.set(decodeURIComponent(account), Number(body['delay_ms'] ?? 0));
        return send(response, { status: 200, body: {} });
      }
      if (action === 'fail' && account) {
        this.failures.set(decodeURIComponent(account), body as unknown as FakeFailure);
        return send(response, { status: 200, body: {} });
      }
      const result = await this.control(action, body);
      send(
        response,
        result === null ? { status: 404, body: { error: `no action ${action}` } } : { status: 200, body: result },
      );
    })().catch((error: Error) => send(response, { status: 500, body: { error: error.message } }));
    return true;
  }

  /** A control action called in-process (benchmarks hold the fakes themselves). */
  act(action: string, body: Record<string, unknown>): Promise<unknown> {
    return this.control(action, body);
  }

  /** The requests of one account, in-process. */
  requestsOf(account: string): FakeProviderRequest[] {
    return this.requests.get(account) ?? [];
  }

  /** A fresh id in the provider's style. */
  protected id(prefix: string, bytes = 12): string {
    return `${prefix}${randomBytes(bytes).toString('hex')}`;
  }

  /**
   * Posts a webhook as the provider does until Parley takes it (2xx), as Meta and Twilio retry
   * a failed delivery; gives up after `forMs`. In the background: the caller does not wait.
   */
  protected deliverUntilTaken(url: string, body: string, headers: Record<string, string>, forMs = 120_000): void {
    const until = Date.now() + forMs;
    const attempt = async (): Promise<void> => {
      const taken = await this.deliver(url, body, headers).then(
        (answer) => answer.status < 300,
        () => false,
      );
      if (!taken && Date.now() < until && this.server?.listening) setTimeout(() => void attempt(), 1000);
    };
    void attempt();
  }

  /** Posts a webhook to Parley as the provider does; answers Parley's status and body. */
  protected async deliver(
    url: string,
    body: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: string }> {
    const response = await fetch(url, { method: 'POST', headers, body });
    return { status: response.status, body: await response.text() };
  }
}
