import type { ConversationSnapshot } from '@parley/contracts';
import { splitAt } from '../model-state/history-boundary.rules';
import { covered } from './covered-events.rules';

const iso = (unix: number) => new Date(unix * 1000).toISOString();

describe('the split between history and stream', () => {
  it('is the whole second after the oldest event the stream holds, or the rebuild start if none', () => {
    const now = new Date(2_000_000_000_000);
    expect(splitAt(new Date(1_999_999_000_500), now)).toEqual({ before: 1_999_999_001, read_at: 2_000_000_000 });
    expect(splitAt(null, new Date(2_000_000_000_200))).toEqual({ before: 2_000_000_001, read_at: 2_000_000_001 });
  });

  it('covers what the history answered: created, written or changed before the split; scope changes of older conversations read already', () => {
    const boundary = { before: 1000, read_at: 2000 };
    const old = { created_at: 999 } as ConversationSnapshot;
    const fresh = { created_at: 1000 } as ConversationSnapshot;
    expect([covered.created(boundary, old), covered.created(boundary, fresh)]).toEqual([true, false]);
    expect([covered.message(boundary, { created_at: 999 }), covered.message(boundary, { created_at: 1000 })]).toEqual([
      true,
      false,
    ]);
    expect([covered.statusChange(boundary, iso(999.9)), covered.statusChange(boundary, iso(1000))]).toEqual([
      true,
      false,
    ]);
    expect([
      covered.scopeChange(boundary, old, iso(1500)),
      covered.scopeChange(boundary, old, iso(2000)),
      covered.scopeChange(boundary, fresh, iso(1500)),
    ]).toEqual([true, false, false]);
    expect(covered.message(null, { created_at: 0 })).toBe(false);
  });
});
