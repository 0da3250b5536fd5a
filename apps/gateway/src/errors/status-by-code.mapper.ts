import type { ErrorCode } from '@parley/contracts';

/**
 * The one place where a service's error code becomes an HTTP status. Typed over every code in
 * `@parley/contracts`, so a new code does not compile until it is given its status here.
 */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  'REQUEST.MALFORMED': 400,
  'FILTER.INVALID': 422,
  'URL.NOT_PUBLIC_HTTPS': 422,
  'RPC.TIMEOUT': 504,
  'RPC.UNAVAILABLE': 503,
  'SERVICE.UNAVAILABLE': 503,
  INTERNAL: 500,
  'LEGACY.NOT_FOUND': 404,
  'LEGACY.FORBIDDEN': 403,
  'LEGACY.VALIDATION': 422,
};

/** A code from a newer service this gateway does not know yet is a server-side fault. */
export function statusOf(code: string): number {
  return (STATUS_BY_CODE as Record<string, number>)[code] ?? 500;
}
