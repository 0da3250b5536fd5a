import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { observeInSpan, runInRequestContext } from '@parley/service-kit';
import { Observable } from 'rxjs';
import type { AuthenticatedRequest } from '../auth/authenticated-request.types';

/**
 * Carries the request id (and caller) into everything the handler does: logs and NATS headers;
 * and, when tracing is on, a server span continuing the client's `traceparent`.
 */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const carrier = {
      traceparent: header(request.headers.traceparent),
      tracestate: header(request.headers.tracestate),
    };
    return observeInSpan(
      `${request.method} ${request.routeOptions.url ?? ''}`,
      'server',
      carrier,
      (subscribe) =>
        runInRequestContext({ correlationId: String(request.id), caller: request.caller, origin: 'api' }, subscribe),
      () => next.handle(),
    );
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
