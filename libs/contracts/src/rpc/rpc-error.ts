import type { ErrorCode } from '../errors/error-code';

/**
 * What a service answers instead of a result when a request fails. The service names what went
 * wrong with a stable code; the gateway maps the code to an HTTP status and answers
 * `{"error": message}` (with `attributes` for rule failures).
 */
export interface RpcErrorPayload {
  code: ErrorCode;
  message: string;
  /** Field names at fault. */
  attributes?: string[];
}

export function isRpcErrorPayload(value: unknown): value is RpcErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<RpcErrorPayload>;
  return typeof candidate.message === 'string' && typeof candidate.code === 'string';
}
