import { isSuccessStatus, verdictOf } from './retry-schedule.rules';

const CONTRACT_SCHEDULE = [30_000, 120_000, 600_000];

describe('retry schedule', () => {
  it('retries 30 s, 2 min and 10 min after failed attempts 1, 2 and 3', () => {
    expect(verdictOf(1, false, CONTRACT_SCHEDULE)).toEqual({ state: 'retrying', retryInMs: 30_000 });
    expect(verdictOf(2, false, CONTRACT_SCHEDULE)).toEqual({ state: 'retrying', retryInMs: 120_000 });
    expect(verdictOf(3, false, CONTRACT_SCHEDULE)).toEqual({ state: 'retrying', retryInMs: 600_000 });
  });

  it('discards after the third retry fails', () => {
    expect(verdictOf(4, false, CONTRACT_SCHEDULE)).toEqual({ state: 'discarded', retryInMs: null });
  });

  it('is done at the first success, whichever attempt it is', () => {
    expect(verdictOf(1, true, CONTRACT_SCHEDULE)).toEqual({ state: 'delivered', retryInMs: null });
    expect(verdictOf(4, true, CONTRACT_SCHEDULE)).toEqual({ state: 'delivered', retryInMs: null });
  });

  it('follows a configured schedule, including one without retries', () => {
    expect(verdictOf(1, false, [10])).toEqual({ state: 'retrying', retryInMs: 10 });
    expect(verdictOf(2, false, [10])).toEqual({ state: 'discarded', retryInMs: null });
    expect(verdictOf(1, false, [])).toEqual({ state: 'discarded', retryInMs: null });
  });

  it.each([
    [200, true],
    [201, true],
    [204, true],
    [299, true],
    [199, false],
    [301, false],
    [302, false],
    [400, false],
    [500, false],
    [null, false],
  ])('status %s counts as success: %s', (status, expected) => expect(isSuccessStatus(status)).toBe(expected));
});
