import { Module } from '@nestjs/common';
import { loadRateLimitConfig, RATE_LIMIT_CONFIG } from './rate-limit.config';
import { IdentityRateLimitGuard, IpRateLimitGuard, PublicFormRateLimitGuard } from './rate-limit.guard';
import { RateLimiter } from './rate-limiter.service';

@Module({
  providers: [{ provide: RATE_LIMIT_CONFIG, useFactory: () => loadRateLimitConfig() }, RateLimiter, IpRateLimitGuard, IdentityRateLimitGuard, PublicFormRateLimitGuard],
  exports: [RateLimiter, IpRateLimitGuard, IdentityRateLimitGuard, PublicFormRateLimitGuard],
})
export class RateLimitModule {}
