import { estimatedCompletion, nextSlot, sendSplit } from './send-pace.rules';

const now = new Date('2026-01-01T12:00:10Z');

describe('send pace', () => {
  it('estimates completion from the rate measured since the run (re)started', () => {
    const eta = estimatedCompletion(
      { audienceCount: 300, done: 120, runStartedAt: new Date('2026-01-01T12:00:00Z'), runDoneAtStart: 20 },
      5,
      now,
    );
    // 100 sends in 10 s → 10/s; 180 left → 18 s.
    expect(eta?.toISOString()).toBe('2026-01-01T12:00:28.000Z');
  });

  it('uses the configured rate before anything is measured, and knows nothing without either', () => {
    expect(
      estimatedCompletion({ audienceCount: 10, done: 0, runStartedAt: now, runDoneAtStart: 0 }, 2, now)?.toISOString(),
    ).toBe('2026-01-01T12:00:15.000Z');
    expect(
      estimatedCompletion({ audienceCount: 10, done: 0, runStartedAt: now, runDoneAtStart: 0 }, 0, now),
    ).toBeNull();
    expect(estimatedCompletion({ audienceCount: 10, done: 10, runStartedAt: now, runDoneAtStart: 0 }, 0, now)).toEqual(
      now,
    );
  });

  it('spaces an inbox’s sends by the rate, and not at all without one', () => {
    expect(nextSlot(0, 4, 1000)).toEqual({ at: 1000, next: 1250 });
    expect(nextSlot(1250, 4, 1100)).toEqual({ at: 1250, next: 1500 });
    expect(nextSlot(5000, 0, 1000)).toEqual({ at: 1000, next: 1000 });
  });

  it('splits the sends in flight into two commands of several contacts, more commands beyond 25 contacts each', () => {
    expect(sendSplit(1)).toEqual({ commands: 1, perCommand: 1 });
    expect(sendSplit(16)).toEqual({ commands: 2, perCommand: 8 });
    expect(sendSplit(17)).toEqual({ commands: 2, perCommand: 9 });
    expect(sendSplit(100)).toEqual({ commands: 4, perCommand: 25 });
  });
});
