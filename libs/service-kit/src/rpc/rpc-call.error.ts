import { ERROR_CODES, type RpcErrorPayload } from '@parley/contracts';

/** A request to another service failed; carries the status the client should see. */
export class RpcCallError extends Error {
  constructor(readonly payload: RpcErrorPayload) {
    super(payload.message);
    this.name = 'RpcCallError';
  }

  get status(): number {
    return this.payload.status;
  }

  static timeout(service: string, ms: number): RpcCallError {
    return new RpcCallError({
      status: 504,
      code: ERROR_CODES.timeout,
      message: `The ${service} service did not answer within ${ms} ms`,
    });
  }

  static unavailable(service: string): RpcCallError {
    return new RpcCallError({ status: 503, code: ERROR_CODES.unavailable, message: `The ${service} service is unavailable` });
  }

  static internal(): RpcCallError {
    return new RpcCallError({ status: 500, code: ERROR_CODES.internal, message: 'Internal server error' });
  }
}
