import { CommonErrors, type ErrorCode, type RpcErrorPayload } from '@parley/contracts';

/**
 * A failure the caller caused or can act on, named by a stable code from `@parley/contracts`.
 * The service never picks an HTTP status: the gateway maps the code.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly attributes?: string[],
  ) {
    super(message);
    this.name = new.target.name;
  }

  toPayload(): RpcErrorPayload {
    const payload: RpcErrorPayload = { code: this.code, message: this.message };
    if (this.attributes?.length) payload.attributes = this.attributes;
    return payload;
  }
}

/** A request shape only the service can judge (e.g. an unknown sort field). */
export class BadRequestError extends DomainError {
  constructor(message: string) {
    super(CommonErrors.malformed, message);
  }
}
