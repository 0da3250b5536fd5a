import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import { dirtyTextIn, jsonNestingDepth, textProblem } from './clean-text.rules';
import type { HttpMetricsService } from './http-metrics.service';
import { loggedUrl } from './logged-url.rules';

const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;
/** Deeper than any body of the contract; a cap keeps hostile nesting away from recursive code. */
export const MAX_JSON_DEPTH = 32;

/** Keep a caller's X-Request-Id when it is sane, so one id follows a request across systems. */
export function requestIdFrom(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  const value = Array.isArray(given) ? given[0] : given;
  return value && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
}

/**
 * Node's HTTP server bounds how long a whole request (headers and body) may take to arrive, so
 * slow or stalled senders let go of their connection; it checks its connections this often.
 */
export function requestTimeouts(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(60_000, requestTimeoutMs),
    connectionsCheckingInterval: Math.min(1000, Math.ceil(requestTimeoutMs / 4)),
  };
}

/**
 * Requests Node refuses before any route sees them (too slow, unparseable, headers too large)
 * answer with the same `{"error": …}` body as every other error, then the connection closes.
 */
export function clientErrorAnswer(requestTimeoutMs: number) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', `The request did not arrive within ${Math.round(requestTimeoutMs / 1000)} s`]
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
          : [400, 'Bad Request', 'The request is not valid HTTP'];
    const body = JSON.stringify({ error: message });
    // Node's own rule: never write over a response that has begun.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroySoon();
  };
}

function badRequest(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 400 });
}

/**
 * Hooks below Nest: the request id on every response, one access-log line per request, and
 * the input rules every route shares (clean text in the URL and the body, bounded nesting, an
 * empty JSON body read as `{}`), so no route can let such input reach a service.
 */
export function configureFastify(fastify: FastifyInstance, logger: Logger, metrics: HttpMetricsService): void {
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('x-request-id', request.id);
    let url: string;
    try {
      url = decodeURIComponent(request.url);
    } catch {
      throw badRequest('The URL is not valid percent-encoded UTF-8');
    }
    const problem = textProblem(url);
    if (problem) throw badRequest(`The URL ${problem}`);
  });
  fastify.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    metrics.observe(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    logger.info(
      {
        correlation_id: request.id,
        method: request.method,
        url: loggedUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });

  const parseJson = fastify.getDefaultJsonParser('error', 'ignore');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    // Providers sign the bytes they send: their webhooks reach the route raw (the service verifies them).
    if (isProviderWebhook(request.url)) return done(null, body);
    const text = (body as Buffer).toString('utf8');
    // Client libraries send bodiless DELETEs and toggles with this content type.
    if (text.trim() === '') return done(null, {});
    if (jsonNestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
      return done(badRequest(`The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const problem = dirtyTextIn(value);
      done(problem ? badRequest(problem) : null, value);
    });
  });
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (request, body, done) =>
    isProviderWebhook(request.url)
      ? done(null, body)
      : done(
          Object.assign(new Error('Form bodies are accepted only by provider webhooks'), { statusCode: 415 }),
          undefined,
        ),
  );
}

/** The token-less routes providers post their webhooks to (`/webhooks/{provider}/{inbox_identifier}`). */
export function isProviderWebhook(url: string): boolean {
  return url.startsWith('/webhooks/');
}
