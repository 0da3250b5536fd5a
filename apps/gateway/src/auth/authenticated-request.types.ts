import type { Caller, ResolvedIdentity } from '@parley/contracts';
import type { FastifyRequest } from 'fastify';

/** What the auth guard learns about a request, for the handlers after it. */
export interface AuthenticatedRequest extends FastifyRequest {
  identity?: ResolvedIdentity;
  accessToken?: string;
  accountId?: number;
  caller?: Caller;
}

export function readAccessToken(request: FastifyRequest): string | undefined {
  const raw = request.headers['api_access_token'] ?? request.headers['api-access-token'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value?.trim() || undefined;
}
