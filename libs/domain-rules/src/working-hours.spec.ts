import { isWithinWorkingHours } from './working-hours';

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
    expect(isWithinWorkingHours(true, mondayNineToFive, 'America/New_York', new Date('2026-01-05T10:00:00Z'))).toBe(false);
  });

  it('is closed on days without an entry or closed all day, open on days open all day', () => {
    expect(isWithinWorkingHours(true, mondayNineToFive, 'UTC', new Date('2026-01-06T10:00:00Z'))).toBe(false);
    expect(isWithinWorkingHours(true, [{ day_of_week: 2, closed_all_day: true }], 'UTC', new Date('2026-01-06T10:00:00Z'))).toBe(false);
    expect(isWithinWorkingHours(true, [{ day_of_week: 2, open_all_day: true }], 'UTC', new Date('2026-01-06T23:59:00Z'))).toBe(true);
  });
});
