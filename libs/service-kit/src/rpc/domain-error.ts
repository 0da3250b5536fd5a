import { ERROR_CODES, type ErrorCode, type RpcErrorPayload } from '@parley/contracts';

/** A failure the caller caused or can act on; its status reaches the client unchanged. */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    message: string,
    readonly attributes?: string[],
  ) {
    super(message);
    this.name = new.target.name;
  }

  toPayload(): RpcErrorPayload {
    const payload: RpcErrorPayload = { status: this.status, code: this.code, message: this.message };
    if (this.attributes?.length) payload.attributes = this.attributes;
    return payload;
  }
}

export class BadRequestError extends DomainError {
  constructor(message: string) {
    super(400, ERROR_CODES.badRequest, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You are not allowed to do this') {
    super(403, ERROR_CODES.forbidden, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(resource: string) {
    super(404, ERROR_CODES.notFound, `${resource} not found`);
  }
}

/** A business rule failed (422); `attributes` names the fields at fault. */
export class ValidationFailedError extends DomainError {
  constructor(message: string, attributes: string[] = []) {
    super(422, ERROR_CODES.validation, message, attributes);
  }
}
