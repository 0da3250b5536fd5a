import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { NatsRecordBuilder } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { isRpcErrorPayload, type RpcPattern, type RpcRequest, type RpcResponse } from '@parley/contracts';
import { headers as natsHeaders } from 'nats';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { SERVICE_CONFIG } from '../config/tokens';
import type { ServiceConfig } from '../config/service-config';
import { CORRELATION_HEADER, currentRequestContext } from '../logging/request-context';
import { NamespacedNatsClient } from './namespaced-nats.client';
import { RpcCallError } from './rpc-call.error';

export interface SendOptions {
  timeoutMs?: number;
}

/**
 * Typed request/reply over NATS. Patterns and payload types come from `@parley/contracts`;
 * failures arrive as RpcCallError with the status the caller should pass on.
 */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  private readonly logger = new Logger(RpcClient.name);
  private readonly client: NamespacedNatsClient;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: ServiceConfig) {
    this.client = new NamespacedNatsClient(
      { servers: config.nats.url, name: `${config.service}-rpc-client` },
      config.nats.namespace,
    );
  }

  send<P extends RpcPattern>(pattern: P, request: RpcRequest<P>, options: SendOptions = {}): Promise<RpcResponse<P>> {
    return this.sendUntyped(pattern, request, options) as Promise<RpcResponse<P>>;
  }

  /** For patterns outside the typed map, such as each service's health check. */
  async sendUntyped(pattern: string, request: unknown, options: SendOptions = {}): Promise<unknown> {
    const service = pattern.split('.')[0];
    const limit = options.timeoutMs ?? this.config.nats.rpcTimeoutMs;
    const headers = natsHeaders();
    const context = currentRequestContext();
    if (context) headers.set(CORRELATION_HEADER, context.correlationId);
    const record = new NatsRecordBuilder(request).setHeaders(headers).build();
    try {
      return await firstValueFrom(this.client.send(pattern, record).pipe(timeout(limit)), { defaultValue: null });
    } catch (error) {
      throw this.toCallError(error, service, limit);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }

  private toCallError(error: unknown, service: string, limit: number): RpcCallError {
    if (isRpcErrorPayload(error)) return new RpcCallError(error);
    if (error instanceof TimeoutError) return RpcCallError.timeout(service, limit);
    if (error instanceof EmptyResponseException) return RpcCallError.unavailable(service);
    const code = (error as { code?: string } | null)?.code;
    if (code === 'CONNECTION_REFUSED' || code === 'DISCONNECT' || typeof error === 'string') {
      return RpcCallError.unavailable(service);
    }
    this.logger.error(`Unexpected failure calling ${service}: ${String((error as Error)?.stack ?? error)}`);
    return RpcCallError.internal();
  }
}
