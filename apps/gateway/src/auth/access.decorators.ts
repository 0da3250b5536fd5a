import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { AccountScoped, Caller, Role } from '@parley/contracts';
import type { AuthenticatedRequest } from './authenticated-request.types';

export const ACCESS = Symbol('ACCESS');

export type AccessRule =
  | { kind: 'public' }
  | { kind: 'platform' }
  /** A signed-in user; on routes with `:account_id`, a member of that account with one of `roles` (any role when empty). */
  | { kind: 'user'; roles: Role[] };

/** No token needed. */
export const Public = () => SetMetadata<symbol, AccessRule>(ACCESS, { kind: 'public' });

/** Only the operator's PLATFORM_API_TOKEN. */
export const PlatformOnly = () => SetMetadata<symbol, AccessRule>(ACCESS, { kind: 'platform' });

/** Administrators of the path's account only. */
export const AdminOnly = () => SetMetadata<symbol, AccessRule>(ACCESS, { kind: 'user', roles: ['administrator'] });

/** `{account_id, caller}` of an account-scoped request, as every account command expects. */
export const Scope = createParamDecorator((_: unknown, context: ExecutionContext): AccountScoped => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  return { account_id: request.accountId!, caller: request.caller! };
});

/** The signed-in user (routes outside an account, such as the profile). */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): Pick<Caller, 'user_id'> => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  return { user_id: request.identity!.user_id };
});
