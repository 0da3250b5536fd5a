import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import type { Caller } from '@parley/contracts';
import { randomUUID } from 'node:crypto';
import { Observable } from 'rxjs';
import { CORRELATION_HEADER, runInRequestContext } from '../logging/request-context';

/** Makes the caller's correlation id and identity visible to everything a handler does. */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const nats = context.switchToRpc().getContext<NatsContext>();
    const correlationId = nats.getHeaders()?.get(CORRELATION_HEADER) || randomUUID();
    const data = context.switchToRpc().getData<{ caller?: Caller } | undefined>();
    const caller = data && typeof data === 'object' && data.caller?.role ? data.caller : undefined;
    // Subscribing inside the context is what carries it into the handler's async work.
    return new Observable((subscriber) =>
      runInRequestContext({ correlationId, caller, origin: 'api' }, () => next.handle().subscribe(subscriber)),
    );
  }
}
