import {
  BadRequestException,
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ResolvedIdentity } from '@parley/contracts';
import { runInRequestContext } from '@parley/service-kit';
import { createHash, timingSafeEqual } from 'node:crypto';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';
import { ACCESS, type AccessRule } from './access.decorators';
import { readAccessToken, type AuthenticatedRequest } from './authenticated-request.types';
import { TokenResolverService } from './token-resolver.service';

const DEFAULT_RULE: AccessRule = { kind: 'user', roles: [] };

/**
 * Authentication and authorisation at the edge: 401 without a valid token, 403 when the
 * path's account is not one of the token's (the same answer whether or not it exists) or
 * the role is not enough. Services receive the caller and trust it.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenResolverService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule =
      this.reflector.getAllAndOverride<AccessRule>(ACCESS, [context.getHandler(), context.getClass()]) ?? DEFAULT_RULE;
    if (rule.kind === 'public') return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = readAccessToken(request);
    if (!token) throw new UnauthorizedException('Missing access token');
    if (rule.kind === 'platform') return this.checkPlatformToken(token);

    const resolve = (fresh: boolean) =>
      runInRequestContext({ correlationId: String(request.id) }, () => this.tokens.resolve(token, { fresh }));
    let identity = await resolve(false);
    if (!identity) throw new UnauthorizedException('Invalid access token');
    request.identity = identity;
    request.accessToken = token;

    const rawAccount = (request.params as Record<string, string> | undefined)?.account_id;
    if (rawAccount !== undefined) {
      const accountId = parseAccountId(rawAccount);
      // The cached identity may predate a membership or role given a moment ago: messaging decides before a refusal.
      if (refusal(identity, accountId, rule)) {
        identity = await resolve(true);
        if (!identity) throw new UnauthorizedException('Invalid access token');
        request.identity = identity;
      }
      const problem = refusal(identity, accountId, rule);
      if (problem) throw new ForbiddenException(problem);
      request.accountId = accountId;
      request.caller = {
        user_id: identity.user_id,
        role: identity.accounts.find((account) => account.id === accountId)!.role,
      };
    }
    return true;
  }

  private checkPlatformToken(token: string): boolean {
    const expected = this.config.platformApiToken;
    if (!expected || !timingSafeEqual(digest(token), digest(expected))) {
      throw new UnauthorizedException('Invalid access token');
    }
    return true;
  }
}

/** Why the identity may not act in the account under the rule, or null when it may. */
function refusal(identity: ResolvedIdentity, accountId: number, rule: AccessRule): string | null {
  const membership = identity.accounts.find((account) => account.id === accountId);
  if (!membership) return 'You are not authorized to access this account';
  if (rule.kind === 'user' && rule.roles.length > 0 && !rule.roles.includes(membership.role))
    return `This action requires the ${rule.roles.join(' or ')} role`;
  return null;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function parseAccountId(raw: string): number {
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new BadRequestException('account_id: must be a positive integer');
  }
  return id;
}
