import { openServerSpan, runInRequestContext, type RequestContext } from '@parley/service-kit';
import type { FastifyInstance } from 'fastify';
import type { AuthenticatedRequest } from '../auth/authenticated-request.types';

/**
 * Carries the request id (and, once authenticated, the caller) into everything a request does:
 * logs and NATS headers; and, when tracing is on, a server span continuing the client's
 * `traceparent`, from the first hook to the response. A Fastify hook, not a Nest interceptor:
 * without an interceptor Nest calls the handler directly, with no rxjs chain and no two
 * async-resource bindings per request (docs/performance.md, "Fifth pass"). Fastify binds body
 * parsing to the request's async context, so the context reaches guards, pipes and handlers.
 */
export function carryRequestContext(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const authenticated = request as AuthenticatedRequest;
    const context: RequestContext = {
      correlationId: String(request.id),
      origin: 'api',
      get caller() {
        return authenticated.caller;
      },
    };
    const span = openServerSpan(`${request.method} ${request.routeOptions.url ?? ''}`, {
      traceparent: header(request.headers.traceparent),
      tracestate: header(request.headers.tracestate),
    });
    if (!span) return runInRequestContext(context, () => done());
    reply.raw.once('close', () => span.end(reply.statusCode >= 500 ? `HTTP ${reply.statusCode}` : undefined));
    span.run(() => runInRequestContext(context, () => done()));
  });
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
