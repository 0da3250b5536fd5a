import { nextAttemptDelay } from './retry-schedule.rules';

describe('nextAttemptDelay', () => {
  const start = new Date('2026-01-01T00:00:00Z');
  const at = (ms: number) => new Date(start.getTime() + ms);
  const window = 15 * 60_000;

  it('retries the first transient failure within 30 s, then backs off', () => {
    expect(nextAttemptDelay(1, start, at(100), window)).toBe(5_000);
    expect(nextAttemptDelay(2, start, at(6_000), window)).toBe(20_000);
    expect(nextAttemptDelay(3, start, at(30_000), window)).toBe(60_000);
    expect(nextAttemptDelay(9, start, at(300_000), window)).toBe(300_000);
  });

  it("waits as long as the provider's Retry-After asks", () => {
    expect(nextAttemptDelay(1, start, at(0), window, 90_000)).toBe(90_000);
    expect(nextAttemptDelay(4, start, at(0), window, 1_000)).toBe(120_000);
  });

  it('gives up once the next attempt would fall outside the window', () => {
    expect(nextAttemptDelay(5, start, at(window - 100_000), window)).toBeNull();
    expect(nextAttemptDelay(1, start, at(0), 3_000)).toBeNull();
  });
});
