import { nextStatus, statusAfterIncoming } from './status.rules';

describe('nextStatus', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it.each([
    ['open', 'resolved'],
    ['resolved', 'open'],
    ['pending', 'open'],
    ['snoozed', 'open'],
  ] as const)('toggles %s to %s without a status', (from, to) => {
    expect(nextStatus(from, {}, now)).toEqual({ status: to, snoozedUntil: null });
  });

  it('takes an explicit status', () => {
    expect(nextStatus('open', { status: 'pending' }, now).status).toBe('pending');
    expect(nextStatus('resolved', { status: 'resolved' }, now).status).toBe('resolved');
  });

  it('reads snoozed_until as ISO 8601 or Unix seconds', () => {
    expect(
      nextStatus('open', { status: 'snoozed', snoozed_until: '2026-11-23T09:00:00Z' }, now).snoozedUntil?.toISOString(),
    ).toBe('2026-11-23T09:00:00.000Z');
    expect(nextStatus('open', { status: 'snoozed', snoozed_until: 1795420800 }, now).snoozedUntil?.getTime()).toBe(
      1795420800000,
    );
    expect(nextStatus('open', { status: 'snoozed' }, now).snoozedUntil).toBeNull();
  });

  it('ignores snoozed_until for other statuses', () => {
    expect(nextStatus('open', { status: 'pending', snoozed_until: 'whenever' }, now)).toEqual({
      status: 'pending',
      snoozedUntil: null,
    });
  });

  it.each([
    ['tomorrow', 'CONVERSATION.SNOOZE_TIME_INVALID'],
    ['2026-11-22T11:59:59Z', 'CONVERSATION.SNOOZE_TIME_PAST'],
  ])('refuses snoozed_until %j with 422', (until, code) => {
    expect(() => nextStatus('open', { status: 'snoozed', snoozed_until: until }, now)).toThrow(
      expect.objectContaining({ code, attributes: ['snoozed_until'] }),
    );
  });
});

describe('statusAfterIncoming', () => {
  const base = {
    status: 'resolved' as const,
    snoozedUntil: null,
    allowMessagesAfterResolved: true,
    muted: false,
    contactBlocked: false,
  };

  it('reopens a resolved conversation when the inbox allows it', () => {
    expect(statusAfterIncoming(base)).toBe('open');
    expect(statusAfterIncoming({ ...base, allowMessagesAfterResolved: false })).toBeNull();
  });

  it('does not reopen for a muted conversation or a blocked contact', () => {
    expect(statusAfterIncoming({ ...base, muted: true })).toBeNull();
    expect(statusAfterIncoming({ ...base, contactBlocked: true })).toBeNull();
  });

  it('wakes a snooze without a time, but not a timed one', () => {
    expect(statusAfterIncoming({ ...base, status: 'snoozed' })).toBe('open');
    expect(statusAfterIncoming({ ...base, status: 'snoozed', snoozedUntil: new Date() })).toBeNull();
  });

  it('leaves open and pending conversations alone', () => {
    expect(statusAfterIncoming({ ...base, status: 'open' })).toBeNull();
    expect(statusAfterIncoming({ ...base, status: 'pending' })).toBeNull();
  });
});
