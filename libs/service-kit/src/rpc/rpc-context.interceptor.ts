import {
  Inject,
  Injectable,
  Logger,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { ServiceConfig } from '../config/service-config';
import { SERVICE_CONFIG } from '../config/tokens';
import { Metrics } from '../metrics/metrics';
import { observeInSpan } from '../tracing/tracing';
import type { NatsContext } from '@nestjs/microservices';
import { CommonErrors, type Caller } from '@parley/contracts';
import { randomUUID } from 'node:crypto';
import { Observable, tap, throwError } from 'rxjs';
import { CORRELATION_HEADER, ORIGIN_HEADER, runInRequestContext } from '../logging/request-context';
import { requestProblem } from '../validation/contract-check';
import { DomainError } from './domain-error';

/**
 * Refuses a request that breaks its pattern's contract (REQUEST.MALFORMED, before the handler
 * runs), makes the caller's correlation id and identity visible to everything a handler does,
 * and logs one line per request handled (with that correlation id).
 */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Rpc');

  private readonly prefixLength: number;

  constructor(
    private readonly metrics: Metrics,
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
  ) {
    this.prefixLength = config.nats.namespace ? config.nats.namespace.length + 1 : 0;
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const nats = context.switchToRpc().getContext<NatsContext>();
    const correlationId = nats.getHeaders()?.get(CORRELATION_HEADER) || randomUUID();
    const origin = nats.getHeaders()?.get(ORIGIN_HEADER) || 'api';
    const data = context.switchToRpc().getData<{ caller?: Caller } | undefined>();
    const problem = requestProblem(nats.getSubject().slice(this.prefixLength), data);
    const caller = data && typeof data === 'object' && data.caller?.role ? data.caller : undefined;
    const pattern = nats.getSubject();
    const started = performance.now();
    const done = (outcome: string, result: 'ok' | 'error') => {
      const elapsed = performance.now() - started;
      this.metrics.rpcServer.observe({ pattern: pattern.slice(this.prefixLength), outcome: result }, elapsed / 1000);
      this.logger.log(`${pattern} ${outcome} in ${Math.round(elapsed)} ms`);
    };
    const headers = nats.getHeaders();
    const carrier = {
      traceparent: headers?.get('traceparent') || undefined,
      tracestate: headers?.get('tracestate') || undefined,
    };
    // Subscribing inside the contexts is what carries them into the handler's async work.
    return observeInSpan(
      pattern.slice(this.prefixLength),
      'server',
      carrier,
      (subscribe) => runInRequestContext({ correlationId, caller, origin }, subscribe),
      () =>
        (problem
          ? throwError(() => new DomainError(CommonErrors.malformed, `Malformed request: ${problem}`))
          : next.handle()
        ).pipe(
          tap({
            complete: () => done('answered', 'ok'),
            error: (error) => done(`failed (${error?.code ?? error?.name ?? 'error'})`, 'error'),
          }),
        ),
    );
  }
}
