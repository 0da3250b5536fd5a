import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import { dirtyTextIn, jsonNestingDepth, textProblem } from './clean-text.rules';
import type { HttpMetrics } from './http-metrics.service';

const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;
/** Deeper than any body of the contract; a cap keeps hostile nesting away from recursive code. */
export const MAX_JSON_DEPTH = 32;

/** Keep a caller's X-Request-Id when it is sane, so one id follows a request across systems. */
export function requestIdFrom(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  const value = Array.isArray(given) ? given[0] : given;
  return value && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
}

function badRequest(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 400 });
}

/**
 * Hooks below Nest: the request id on every response, one access-log line per request, and
 * the input rules every route shares (clean text in the URL and the body, bounded nesting, an
 * empty JSON body read as `{}`), so no route can let such input reach a service.
 */
export function configureFastify(fastify: FastifyInstance, logger: Logger, metrics: HttpMetrics): void {
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
      { correlation_id: request.id, method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request completed',
    );
  });

  const parseJson = fastify.getDefaultJsonParser('error', 'ignore');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    // Client libraries send bodiless DELETEs and toggles with this content type.
    if (text.trim() === '') return done(null, {});
    if (jsonNestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return done(badRequest(`The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const problem = dirtyTextIn(value);
      done(problem ? badRequest(problem) : null, value);
    });
  });
}
