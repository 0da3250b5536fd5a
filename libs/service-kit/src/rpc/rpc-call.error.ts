import { CommonErrors, type RpcErrorPayload } from '@parley/contracts';

/** A request to another service failed; carries the code (and message) the client should see. */
export class RpcCallError extends Error {
  constructor(readonly payload: RpcErrorPayload) {
    super(payload.message);
    this.name = 'RpcCallError';
  }

  get code(): RpcErrorPayload['code'] {
    return this.payload.code;
  }

  static timeout(service: string, ms: number): RpcCallError {
    return new RpcCallError({
      code: CommonErrors.rpcTimeout,
      message: `The ${service} service did not answer within ${ms} ms`,
    });
  }

  static unavailable(service: string): RpcCallError {
    return new RpcCallError({ code: CommonErrors.rpcUnavailable, message: `The ${service} service is unavailable` });
  }

  static internal(): RpcCallError {
    return new RpcCallError({ code: CommonErrors.internal, message: 'Internal server error' });
  }
}
