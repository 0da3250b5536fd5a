import { loadRateLimitConfig } from './rate-limit.config';

describe('rate-limit settings', () => {
  it("defaults to the reference's limits, never stricter", () => {
    expect(loadRateLimitConfig({})).toMatchObject({
      perIp: 3000,
      perToken: 3000,
      perAccount: 6000,
      contactSearchPerAccount: 100,
      reportsPerUser: 100,
      expensivePerToken: 3000,
    });
  });

  it('scales every limit with RATE_LIMIT_MULTIPLIER, never below 1 nor past the ceiling', () => {
    expect(loadRateLimitConfig({ RATE_LIMIT_MULTIPLIER: '2', RATE_LIMIT_PER_IP: '10' })).toMatchObject({
      perIp: 20,
      reportsPerUser: 200,
    });
    expect(loadRateLimitConfig({ RATE_LIMIT_MULTIPLIER: '0.001' })).toMatchObject({ reportsPerUser: 1 });
    expect(loadRateLimitConfig({ RATE_LIMIT_MULTIPLIER: '1000000' })).toMatchObject({ perIp: 1_000_000_000 });
  });

  it('refuses a multiplier that is not a positive number', () => {
    expect(() => loadRateLimitConfig({ RATE_LIMIT_MULTIPLIER: '0' })).toThrow(/RATE_LIMIT_MULTIPLIER/);
    expect(() => loadRateLimitConfig({ RATE_LIMIT_MULTIPLIER: 'lots' })).toThrow(/RATE_LIMIT_MULTIPLIER/);
  });
});
