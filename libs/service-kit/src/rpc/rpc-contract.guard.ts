import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { CommonErrors, type Caller } from '@parley/contracts';
import type { ServiceConfig } from '../config/service-config';
import { SERVICE_CONFIG } from '../config/tokens';
import { currentRequestContext } from '../logging/request-context';
import { requestProblem } from '../validation/contract-check';
import { DomainError } from './domain-error';

/**
 * Refuses a request that breaks its pattern's contract (REQUEST.MALFORMED, before any handler
 * or other guard runs) and names the request's caller in its context (set up by the NATS
 * server, NamespacedNatsServer). A guard, not an interceptor: Nest then calls the handler
 * without an rxjs chain and two async-resource bindings per request (docs/performance.md).
 */
@Injectable()
export class RpcContractGuard implements CanActivate {
  private readonly prefixLength: number;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    this.prefixLength = config.nats.namespace ? config.nats.namespace.length + 1 : 0;
  }

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'rpc') return true;
    const subject = context.switchToRpc().getContext<NatsContext>().getSubject();
    const data = context.switchToRpc().getData<{ caller?: Caller } | undefined>();
    const problem = requestProblem(subject.slice(this.prefixLength), data);
    if (problem) throw new DomainError(CommonErrors.malformed, `Malformed request: ${problem}`);
    const caller = data && typeof data === 'object' && data.caller?.role ? data.caller : undefined;
    const requestContext = currentRequestContext();
    if (requestContext && caller) requestContext.caller = caller;
    return true;
  }
}
