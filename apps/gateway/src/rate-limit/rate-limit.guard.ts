import { HttpException, HttpStatus, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { ACCESS, type AccessRule } from '../auth/access.decorators';
import type { AuthenticatedRequest } from '../auth/authenticated-request.types';
import { EXPENSIVE, UNMETERED, type ExpensiveRule } from './expensive.decorators';
import { RateLimiterService, type LimitKind, type LimitState } from './rate-limiter.service';

type LimitedRequest = AuthenticatedRequest & { rateLimit?: LimitState | null };

function setHeaders(reply: FastifyReply, state: LimitState): void {
  void reply.header('x-ratelimit-limit', String(state.limit));
  void reply.header('x-ratelimit-remaining', String(state.remaining));
  void reply.header('x-ratelimit-reset', String(state.resetAt));
}

/**
 * Counts a request against the keys a subclass names, and answers 429 past a limit. Probes
 * (health, version) are never counted; other public routes only where a guard says so.
 */
@Injectable()
export abstract class LimitGuard implements CanActivate {
  constructor(
    protected readonly reflector: Reflector,
    private readonly limiter: RateLimiterService,
  ) {}

  protected abstract keys(
    request: LimitedRequest,
    context: ExecutionContext,
  ): Array<[LimitKind, string]> | Promise<Array<[LimitKind, string]>>;

  /** Whether public routes count too (only for guards placed on such a route on purpose). */
  protected readonly limitsPublicRoutes: boolean = false;

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(UNMETERED, targets)) return true;
    const rule = this.reflector.getAllAndOverride<AccessRule>(ACCESS, targets);
    if (rule?.kind === 'public' && !this.limitsPublicRoutes) return true;
    const request = context.switchToHttp().getRequest<LimitedRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const { exceeded, state } = await this.limiter.consume(await this.keys(request, context));
    if (exceeded && state) {
      setHeaders(reply, state);
      void reply.header('retry-after', String(state.retryAfter));
      throw new HttpException('Rate limit exceeded', HttpStatus.TOO_MANY_REQUESTS);
    }
    // The headers show the tightest limit the request met, whichever guard counted it.
    if (state && (!request.rateLimit || state.remaining < request.rateLimit.remaining)) request.rateLimit = state;
    if (request.rateLimit) setHeaders(reply, request.rateLimit);
    return true;
  }
}

/**
 * Before authentication: per client IP (as TRUST_PROXY lets the gateway see it), on every route
 * but probes, so token guessing and token-less links are limited too. Loopback is not exempt:
 * a proxy on the same host would exempt everyone.
 */
@Injectable()
export class IpRateLimitGuard extends LimitGuard {
  protected override readonly limitsPublicRoutes = true;

  protected keys(request: LimitedRequest): Array<[LimitKind, string]> {
    return [['ip', request.ip]];
  }
}

/** After authentication: per token (its user), per account, and the expensive endpoints' own limits. */
@Injectable()
export class IdentityRateLimitGuard extends LimitGuard {
  protected keys(request: LimitedRequest, context: ExecutionContext): Array<[LimitKind, string]> {
    const subject = request.identity ? `user:${request.identity.user_id}` : 'platform';
    const keys: Array<[LimitKind, string]> = [['token', subject]];
    if (request.accountId) keys.push(['account', String(request.accountId)]);
    const expensive = this.reflector.get<ExpensiveRule | undefined>(EXPENSIVE, context.getHandler());
    if (!expensive || !expensive.when(request)) return keys;
    if (expensive.kind === 'contact_search') keys.push(['contact_search', String(request.accountId ?? subject)]);
    else if (expensive.kind === 'reports') keys.push(['reports', subject]);
    else keys.push(['expensive', subject]);
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
