import { createServer, type IncomingMessage, type Server } from 'node:http';

/** One request a local provider stand-in received. */
export interface LocalRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/**
 * A plain HTTP server for the adapters' unit tests: `answer` decides each response (status,
 * JSON body, headers) and every request is kept. (The end-to-end suites use the HTTPS fakes
 * of `libs/testing`.)
 */
export class LocalProvider {
  readonly requests: LocalRequest[] = [];
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(
    answer: (request: LocalRequest) => { status: number; body: unknown; headers?: Record<string, string> },
  ): Promise<LocalProvider> {
    let provider: LocalProvider | null = null;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const received = {
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks),
        };
        provider!.requests.push(received);
        const { status, body, headers } = answer(received);
        const raw = Buffer.isBuffer(body);
        response
          .writeHead(status, { 'content-type': raw ? 'application/octet-stream' : 'application/json', ...headers })
          .end(raw ? body : JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    provider = new LocalProvider(
      server,
      `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    );
    return provider;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
