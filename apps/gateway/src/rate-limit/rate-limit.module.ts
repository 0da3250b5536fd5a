import { Module } from '@nestjs/common';
import { loadRateLimitConfig, RATE_LIMIT_CONFIG } from './rate-limit.config';
import { IdentityRateLimitGuard, IpRateLimitGuard, PublicFormRateLimitGuard } from './rate-limit.guard';
import { RateLimiterService } from './rate-limiter.service';

@Module({
  providers: [
    { provide: RATE_LIMIT_CONFIG, useFactory: () => loadRateLimitConfig() },
    RateLimiterService,
    IpRateLimitGuard,
    IdentityRateLimitGuard,
    PublicFormRateLimitGuard,
  ],
  exports: [RateLimiterService, IpRateLimitGuard, IdentityRateLimitGuard, PublicFormRateLimitGuard],
})
export class RateLimitModule {}
