/**
 * Settings for runs that drive the gateway far harder than one client would (the e2e suites,
 * benchmarks): they measure the system, not the limiter. The rate-limit suite sets its own.
 */
export const RAISED_RATE_LIMITS: Record<string, string> = {
  RATE_LIMIT_MULTIPLIER: '1000000',
};
