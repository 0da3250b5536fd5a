import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { runInRequestContext } from '@parley/service-kit';
import { Observable } from 'rxjs';
import type { AuthenticatedRequest } from '../auth/authenticated-request.types';

/** Carries the request id (and caller) into everything the handler does: logs and NATS headers. */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    return new Observable((subscriber) =>
      runInRequestContext({ correlationId: String(request.id), caller: request.caller, origin: 'api' }, () =>
        next.handle().subscribe(subscriber),
      ),
    );
  }
}
