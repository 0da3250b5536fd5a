import { HttpException, HttpStatus, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { ACCESS, type AccessRule } from '../auth/access.decorators';
import type { AuthenticatedRequest } from '../auth/authenticated-request.types';
import { EXPENSIVE, type ExpensiveWhen } from './expensive.decorators';
import { RateLimitExceeded, RateLimiter, type LimitKind, type LimitState } from './rate-limiter.service';

type LimitedRequest = AuthenticatedRequest & { rateLimit?: LimitState | null };

function setHeaders(reply: FastifyReply, state: LimitState): void {
  void reply.header('x-ratelimit-limit', String(state.limit));
  void reply.header('x-ratelimit-remaining', String(state.remaining));
  void reply.header('x-ratelimit-reset', String(state.resetSeconds));
}

/**
 * Counts a request against the keys a subclass names, and answers 429 past a limit. Public
 * routes (health, version probe, docs) are not limited.
 */
@Injectable()
abstract class LimitGuard implements CanActivate {
  constructor(
    protected readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  protected abstract keys(request: LimitedRequest, context: ExecutionContext): Array<[LimitKind, string]>;

  /** Whether public routes count too (only for guards placed on such a route on purpose). */
  protected readonly limitsPublicRoutes: boolean = false;

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule>(ACCESS, [context.getHandler(), context.getClass()]);
    if (rule?.kind === 'public' && !this.limitsPublicRoutes) return true;
    const request = context.switchToHttp().getRequest<LimitedRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    try {
      const state = await this.limiter.consume(this.keys(request, context));
      // The headers show the tightest limit the request met, whichever guard counted it.
      if (state && (!request.rateLimit || state.remaining < request.rateLimit.remaining)) request.rateLimit = state;
      if (request.rateLimit) setHeaders(reply, request.rateLimit);
    } catch (error) {
      if (!(error instanceof RateLimitExceeded)) throw error;
      setHeaders(reply, error.state);
      void reply.header('retry-after', String(error.state.resetSeconds));
      throw new HttpException('Rate limit exceeded', HttpStatus.TOO_MANY_REQUESTS);
    }
    return true;
  }
}

/** Before authentication: per client IP, so token guessing is limited too. */
@Injectable()
export class IpRateLimitGuard extends LimitGuard {
  protected keys(request: LimitedRequest): Array<[LimitKind, string]> {
    return [['ip', request.ip]];
  }
}

/** After authentication: per token (its user), per account, and per token on expensive endpoints. */
@Injectable()
export class IdentityRateLimitGuard extends LimitGuard {
  protected keys(request: LimitedRequest, context: ExecutionContext): Array<[LimitKind, string]> {
    const subject = request.identity ? `user:${request.identity.user_id}` : 'platform';
    const keys: Array<[LimitKind, string]> = [['token', subject]];
    if (request.accountId) keys.push(['account', String(request.accountId)]);
    const expensive = this.reflector.get<ExpensiveWhen | undefined>(EXPENSIVE, context.getHandler());
    if (expensive && expensive(request)) keys.push(['expensive', subject]);
    return keys;
  }
}

/**
 * For public, token-less forms (a contact's CSAT rating): per client IP at the expensive
 * endpoints' rate, so an address cannot flood or probe survey tokens. Placed on the route.
 */
@Injectable()
export class PublicFormRateLimitGuard extends LimitGuard {
  protected override readonly limitsPublicRoutes = true;

  protected keys(request: LimitedRequest): Array<[LimitKind, string]> {
    return [['expensive', `public-form:${request.ip}`]];
  }
}
