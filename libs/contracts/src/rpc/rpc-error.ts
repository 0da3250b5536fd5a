/**
 * What a service answers instead of a result when a request fails. The gateway turns
 * `status` into the HTTP status and `message` into `{"error": message}`.
 */
export interface RpcErrorPayload {
  status: number;
  code: string;
  message: string;
  /** Field names at fault, for 422 validation failures. */
  attributes?: string[];
}

export const ERROR_CODES = {
  badRequest: 'bad_request',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  validation: 'validation_failed',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  unavailable: 'service_unavailable',
  timeout: 'service_timeout',
  internal: 'internal_error',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export function isRpcErrorPayload(value: unknown): value is RpcErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<RpcErrorPayload>;
  return typeof candidate.status === 'number' && typeof candidate.message === 'string' && typeof candidate.code === 'string';
}
