import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';

const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Keep a caller's X-Request-Id when it is sane, so one id follows a request across systems. */
export function requestIdFrom(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  const value = Array.isArray(given) ? given[0] : given;
  return value && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
}

/** Hooks below Nest: the request id on every response and one access-log line per request. */
export function configureFastify(fastify: FastifyInstance, logger: Logger): void {
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('x-request-id', request.id);
  });
  fastify.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    logger.info(
      { correlation_id: request.id, method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request completed',
    );
  });
}
