import { HISTORY_PAGE_MAX } from '@parley/contracts';
import { pageSize, statusChanges } from './history.rules';

describe('history', () => {
  it('bounds the page size', () => {
    expect(pageSize(undefined)).toBe(50);
    expect(pageSize('x')).toBe(50);
    expect(pageSize(0)).toBe(1);
    expect(pageSize(10_000)).toBe(HISTORY_PAGE_MAX);
    expect(pageSize(7.9)).toBe(7);
  });

  it('answers recorded status changes before the boundary', () => {
    const recorded = [
      { from: 'open' as const, to: 'resolved' as const, at: 100 },
      { from: 'resolved' as const, to: 'open' as const, at: 200 },
    ];
    expect(statusChanges(recorded, { status: 'open', last_activity_at: 300 }, true, 200)).toEqual([
      { from: 'open', to: 'resolved', at: 100, approximated: false },
    ]);
  });

  it('approximates a resolved conversation older than the record by one resolve at its last activity', () => {
    expect(statusChanges([], { status: 'resolved', last_activity_at: 150 }, false, 200)).toEqual([
      { from: 'open', to: 'resolved', at: 150, approximated: true },
    ]);
    expect(statusChanges([], { status: 'open', last_activity_at: 150 }, false, 200)).toEqual([]);
    expect(statusChanges([], { status: 'pending', last_activity_at: 150 }, false, 200)).toEqual([]);
    expect(statusChanges([], { status: 'resolved', last_activity_at: 250 }, false, 200)).toEqual([]);
  });
});
