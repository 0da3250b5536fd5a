import { Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import type { Caller } from '@parley/contracts';
import { randomUUID } from 'node:crypto';
import { Observable, tap } from 'rxjs';
import { CORRELATION_HEADER, ORIGIN_HEADER, runInRequestContext } from '../logging/request-context';

/**
 * Makes the caller's correlation id and identity visible to everything a handler does, and
 * logs one line per request handled (with that correlation id).
 */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Rpc');

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const nats = context.switchToRpc().getContext<NatsContext>();
    const correlationId = nats.getHeaders()?.get(CORRELATION_HEADER) || randomUUID();
    const origin = nats.getHeaders()?.get(ORIGIN_HEADER) || 'api';
    const data = context.switchToRpc().getData<{ caller?: Caller } | undefined>();
    const caller = data && typeof data === 'object' && data.caller?.role ? data.caller : undefined;
    const pattern = nats.getSubject();
    const started = performance.now();
    const done = (outcome: string) => this.logger.log(`${pattern} ${outcome} in ${Math.round(performance.now() - started)} ms`);
    // Subscribing inside the context is what carries it into the handler's async work.
    return new Observable((subscriber) =>
      runInRequestContext({ correlationId, caller, origin }, () =>
        next
          .handle()
          .pipe(tap({ complete: () => done('answered'), error: (error) => done(`failed (${error?.status ?? error?.name ?? 'error'})`) }))
          .subscribe(subscriber),
      ),
    );
  }
}
