import { businessSeconds, isWithinWorkingHours, zoneOffsetSeconds, type WorkingDay } from './working-hours';

// 2026-01-05 is a Monday.
const mondayNineToFive = [{ day_of_week: 1, open_hour: 9, open_minutes: 0, close_hour: 17, close_minutes: 0 }];

describe('working hours', () => {
  it('is always open when working hours are off', () => {
    expect(isWithinWorkingHours(false, [], 'UTC', new Date('2026-01-04T03:00:00Z'))).toBe(true);
  });

  it('opens from the opening minute up to the closing minute of the day, in the inbox time zone', () => {
    expect(isWithinWorkingHours(true, mondayNineToFive, 'UTC', new Date('2026-01-05T09:00:00Z'))).toBe(true);
    expect(isWithinWorkingHours(true, mondayNineToFive, 'UTC', new Date('2026-01-05T16:59:00Z'))).toBe(true);
    expect(isWithinWorkingHours(true, mondayNineToFive, 'UTC', new Date('2026-01-05T17:00:00Z'))).toBe(false);
    // 08:00 UTC is 10:00 in Athens (UTC+2 in January).
    expect(isWithinWorkingHours(true, mondayNineToFive, 'Europe/Athens', new Date('2026-01-05T08:00:00Z'))).toBe(true);
    expect(isWithinWorkingHours(true, mondayNineToFive, 'America/New_York', new Date('2026-01-05T10:00:00Z'))).toBe(
      false,
    );
  });

  it('is closed on days without an entry or closed all day, open on days open all day', () => {
    expect(isWithinWorkingHours(true, mondayNineToFive, 'UTC', new Date('2026-01-06T10:00:00Z'))).toBe(false);
    expect(
      isWithinWorkingHours(true, [{ day_of_week: 2, closed_all_day: true }], 'UTC', new Date('2026-01-06T10:00:00Z')),
    ).toBe(false);
    expect(
      isWithinWorkingHours(true, [{ day_of_week: 2, open_all_day: true }], 'UTC', new Date('2026-01-06T23:59:00Z')),
    ).toBe(true);
  });
});

const weekdays9to17: WorkingDay[] = [1, 2, 3, 4, 5].map((day_of_week) => ({
  day_of_week,
  closed_all_day: false,
  open_hour: 9,
  open_minutes: 0,
  close_hour: 17,
  close_minutes: 0,
}));
const at = (iso: string) => Date.parse(iso) / 1000;

describe('zoneOffsetSeconds', () => {
  it('follows daylight-saving time of named zones', () => {
    expect(zoneOffsetSeconds('Europe/Berlin', at('2026-01-15T12:00:00Z'))).toBe(3600);
    expect(zoneOffsetSeconds('Europe/Berlin', at('2026-07-15T12:00:00Z'))).toBe(7200);
    expect(zoneOffsetSeconds('Asia/Kolkata', at('2026-07-15T12:00:00Z'))).toBe(19800);
    expect(zoneOffsetSeconds('UTC', at('2026-07-15T12:00:00Z'))).toBe(0);
  });
});

describe('businessSeconds', () => {
  const berlin = { enabled: true, timezone: 'Europe/Berlin', days: weekdays9to17 };

  it('counts everything when working hours are off or empty', () => {
    expect(businessSeconds(0, 500, { ...berlin, enabled: false })).toBe(500);
    expect(businessSeconds(0, 500, { ...berlin, days: [] })).toBe(500);
    expect(businessSeconds(500, 400, berlin)).toBe(0);
  });

  it('counts only the open hours, in the inbox zone', () => {
    // Monday 2026-01-12: 08:00 → 10:00 Berlin (UTC+1) overlaps one open hour.
    expect(businessSeconds(at('2026-01-12T07:00:00Z'), at('2026-01-12T09:00:00Z'), berlin)).toBe(3600);
    // Friday 16:00 Berlin → Monday 10:00 Berlin: one hour on Friday, one on Monday.
    expect(businessSeconds(at('2026-01-16T15:00:00Z'), at('2026-01-19T09:00:00Z'), berlin)).toBe(7200);
    // Sunday only: nothing.
    expect(businessSeconds(at('2026-01-18T08:00:00Z'), at('2026-01-18T18:00:00Z'), berlin)).toBe(0);
  });

  it('follows daylight-saving: 09:00 Berlin is 07:00 UTC in summer', () => {
    // Monday 2026-07-13 07:00 → 08:00 UTC is 09:00 → 10:00 Berlin (UTC+2).
    expect(businessSeconds(at('2026-07-13T07:00:00Z'), at('2026-07-13T08:00:00Z'), berlin)).toBe(3600);
    // A whole week: five days of eight hours.
    expect(businessSeconds(at('2026-07-12T22:00:00Z'), at('2026-07-19T22:00:00Z'), berlin)).toBe(5 * 8 * 3600);
  });

  it('honours minutes and closed days', () => {
    const days: WorkingDay[] = [
      { day_of_week: 1, closed_all_day: false, open_hour: 9, open_minutes: 30, close_hour: 10, close_minutes: 15 },
      {
        day_of_week: 2,
        closed_all_day: true,
        open_hour: null,
        open_minutes: null,
        close_hour: null,
        close_minutes: null,
      },
    ];
    const utc = { enabled: true, timezone: 'UTC', days };
    expect(businessSeconds(at('2026-01-12T00:00:00Z'), at('2026-01-14T00:00:00Z'), utc)).toBe(45 * 60);
  });
});
