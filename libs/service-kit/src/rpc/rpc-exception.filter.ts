import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { CommonErrors, isRpcErrorPayload, type RpcErrorPayload } from '@parley/contracts';
import type { FastifyReply } from 'fastify';
import { throwError, type Observable } from 'rxjs';
import { isDatabaseUnavailable } from '../database/database-unavailable';
import { DomainError } from './domain-error';
import { RpcCallError } from './rpc-call.error';

/**
 * Turns whatever a handler throws into the RpcErrorPayload the caller maps to a status.
 * A service's only HTTP routes are its health checks; their errors keep their own status.
 */
@Catch()
export class RpcErrorFilter implements ExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): Observable<never> | void {
    if (host.getType() === 'http') return this.replyHttp(exception, host);
    return throwError(() => this.toPayload(exception, host));
  }

  private replyHttp(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof HttpException) {
      void reply.status(exception.getStatus()).send(exception.getResponse());
      return;
    }
    this.logger.error(`Unhandled HTTP error: ${(exception as Error)?.stack ?? String(exception)}`);
    void reply.status(500).send({ error: 'Internal server error' });
  }

  private toPayload(exception: unknown, host: ArgumentsHost): RpcErrorPayload {
    if (exception instanceof DomainError) return exception.toPayload();
    if (exception instanceof RpcCallError) return exception.payload;
    if (exception instanceof RpcException) {
      const inner = exception.getError();
      if (isRpcErrorPayload(inner)) return inner;
    }
    const pattern = host.getType() === 'rpc' ? host.switchToRpc().getContext()?.getSubject?.() : undefined;
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(
        `Database unavailable in ${pattern ?? 'handler'}: ${(exception as Error)?.message ?? String(exception)}`,
      );
      return {
        code: CommonErrors.dependencyUnavailable,
        message: 'The service is temporarily unavailable: its database cannot be reached',
      };
    }
    this.logger.error(
      `Unhandled error in ${pattern ?? 'handler'}: ${(exception as Error)?.stack ?? String(exception)}`,
    );
    return { code: CommonErrors.internal, message: 'Internal server error' };
  }
}
