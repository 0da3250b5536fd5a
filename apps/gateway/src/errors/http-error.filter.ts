import { Catch, HttpException, Inject, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { RpcCallError } from '@parley/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';
import { statusOf } from './status-by-code.mapper';
import { loggedUrl } from '../http/logged-url.rules';

const RETRY_AFTER_SECONDS = 5;

interface ErrorBody {
  error: string;
  attributes?: string[];
}

/**
 * Every error leaves the gateway as `{"error": "..."}` with the status its cause names.
 * Anything unexpected is logged with the request id and answered 500 without internals.
 * Fastify's own refusals (body too large, unsupported media type) become the contract's 400.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const [status, body] = this.describe(exception, request);
    // An outage is temporary: tell clients when to try again.
    if (status === 503) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    void reply.status(status).send(body);
  }

  private describe(exception: unknown, request: FastifyRequest): [number, ErrorBody] {
    if (exception instanceof RpcCallError) {
      const { code, message, attributes } = exception.payload;
      const status = statusOf(code);
      if (status >= 500)
        this.logger.warn(
          `${request.method} ${loggedUrl(request.url)} failed upstream (${request.id}): ${code} ${message}`,
        );
      return [status, attributes?.length ? { error: message, attributes } : { error: message }];
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 404 && /^Cannot /.test(exception.message)) {
        return [404, { error: `Route ${request.method} ${request.url.split('?')[0]} not found` }];
      }
      if (status === 413)
        return [400, { error: `Request body is larger than the limit of ${this.config.bodyLimitBytes} bytes` }];
      if (status === 415) return [400, { error: 'Unsupported Content-Type: send application/json' }];
      return [status, { error: messageOf(exception) }];
    }
    const clientError = fastifyClientError(exception);
    if (clientError) return [400, { error: clientError }];
    this.logger.error(
      `${request.method} ${loggedUrl(request.url)} crashed (${request.id}): ${(exception as Error)?.stack ?? String(exception)}`,
    );
    return [500, { error: 'Internal server error' }];
  }
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}

/** Fastify's own refusals (multipart limits and the like) carry a 4xx `statusCode`: the client's fault. */
function fastifyClientError(exception: unknown): string | null {
  const status = (exception as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return (exception as Error).message;
  return null;
}
