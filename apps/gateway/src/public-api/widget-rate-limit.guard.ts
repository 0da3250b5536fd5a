import { Injectable, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { LimitGuard } from '../rate-limit/rate-limit.guard';
import { RateLimiterService, type LimitKind } from '../rate-limit/rate-limiter.service';
import { PublicInboxKindsService } from './public-inbox-kinds.service';

const WIDGET_LIMIT = Symbol('WIDGET_LIMIT');

type WidgetLimitKind = Extract<LimitKind, 'widget_conversations' | 'widget_messages' | 'widget_contacts'>;

/** A public operation of web-widget inboxes limited per client IP and inbox (API inboxes: only the global limits). */
export const WidgetLimit = (kind: WidgetLimitKind) => SetMetadata(WIDGET_LIMIT, kind);

/** Counts a web widget's conversation creates, messages and contact updates per IP and inbox. */
@Injectable()
export class WidgetRateLimitGuard extends LimitGuard {
  protected override readonly limitsPublicRoutes = true;

  constructor(
    reflector: Reflector,
    limiter: RateLimiterService,
    private readonly kinds: PublicInboxKindsService,
  ) {
    super(reflector, limiter);
  }

  protected async keys(
    request: FastifyRequest & { params?: Record<string, string> },
    context: ExecutionContext,
  ): Promise<Array<[LimitKind, string]>> {
    const kind = this.reflector.get<WidgetLimitKind | undefined>(WIDGET_LIMIT, context.getHandler());
    const token = request.params?.inbox_identifier;
    if (!kind || !token) return [];
    const inbox = await this.kinds.of(token);
    return inbox.kind === 'web_widget' ? [[kind, `${request.ip}:${token}`]] : [];
  }
}
