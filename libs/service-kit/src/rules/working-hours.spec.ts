import type { WorkingHoursEntry } from '@parley/contracts';
import { isOpenAt, isValidTimeZone, localTime, workingHoursProblems } from './working-hours';

const weekdays9to17: WorkingHoursEntry[] = [1, 2, 3, 4, 5].map((day) => ({
  day_of_week: day,
  closed_all_day: false,
  open_hour: 9,
  open_minutes: 0,
  close_hour: 17,
  close_minutes: 30,
}));
const closedSunday: WorkingHoursEntry = { day_of_week: 0, closed_all_day: true, open_hour: null, open_minutes: null, close_hour: null, close_minutes: null };
const schedule = (timezone: string, enabled = true) => ({ working_hours_enabled: enabled, working_hours: [...weekdays9to17, closedSunday], timezone });

describe('isOpenAt', () => {
  it('is always open when working hours are off', () => {
    expect(isOpenAt(schedule('UTC', false), new Date('2026-11-22T03:00:00Z'))).toBe(true); // a Sunday night
  });

  it('opens at the opening minute and closes at the closing minute', () => {
    const utc = schedule('UTC');
    expect(isOpenAt(utc, new Date('2026-11-23T08:59:59Z'))).toBe(false); // Monday
    expect(isOpenAt(utc, new Date('2026-11-23T09:00:00Z'))).toBe(true);
    expect(isOpenAt(utc, new Date('2026-11-23T17:29:59Z'))).toBe(true);
    expect(isOpenAt(utc, new Date('2026-11-23T17:30:00Z'))).toBe(false);
  });

  it('is closed on a closed day and on a day without an entry', () => {
    expect(isOpenAt(schedule('UTC'), new Date('2026-11-22T12:00:00Z'))).toBe(false); // Sunday, closed
    expect(isOpenAt(schedule('UTC'), new Date('2026-11-28T12:00:00Z'))).toBe(false); // Saturday, no entry
  });

  it("uses the inbox's wall clock, across a date line", () => {
    // 23:30 UTC on Sunday is 08:30 Monday in Tokyo (closed) and 10:30 Monday in Sydney (open, summer time).
    const at = new Date('2026-11-22T23:30:00Z');
    expect(isOpenAt(schedule('Asia/Tokyo'), at)).toBe(false);
    expect(isOpenAt(schedule('Australia/Sydney'), at)).toBe(true);
    expect(isOpenAt(schedule('UTC'), at)).toBe(false);
  });

  it('follows daylight saving time changes', () => {
    // New York: 13:30 UTC is 09:30 EDT in October (open) and 08:30 EST in November (closed).
    const newYork = schedule('America/New_York');
    expect(isOpenAt(newYork, new Date('2026-10-28T13:30:00Z'))).toBe(true);
    expect(isOpenAt(newYork, new Date('2026-11-04T13:30:00Z'))).toBe(false);
    // Berlin on the Monday after the spring change: 07:00 UTC is 09:00 CEST.
    expect(isOpenAt(schedule('Europe/Berlin'), new Date('2026-03-30T07:00:00Z'))).toBe(true);
    expect(isOpenAt(schedule('Europe/Berlin'), new Date('2026-03-23T07:00:00Z'))).toBe(false); // 08:00 CET a week earlier
  });
});

describe('localTime', () => {
  it('gives the local weekday and minutes', () => {
    expect(localTime(new Date('2026-11-22T23:30:00Z'), 'Asia/Kolkata')).toEqual({ dayOfWeek: 1, minutes: 5 * 60 });
  });
});

describe('isValidTimeZone', () => {
  it.each(['UTC', 'Europe/Lisbon', 'America/Sao_Paulo', 'Asia/Kolkata'])('accepts %s', (zone) => expect(isValidTimeZone(zone)).toBe(true));
  it.each(['Mars/Olympus', 'GMT+25', ''])('refuses %j', (zone) => expect(isValidTimeZone(zone)).toBe(false));
});

describe('workingHoursProblems', () => {
  it('accepts a sensible week', () => {
    expect(workingHoursProblems([...weekdays9to17, closedSunday])).toEqual([]);
  });

  it('names each bad field', () => {
    expect(
      workingHoursProblems([
        { day_of_week: 7, closed_all_day: false, open_hour: 24, open_minutes: 0, close_hour: 10, close_minutes: 60 },
        { day_of_week: 1, closed_all_day: false, open_hour: 18, open_minutes: 0, close_hour: 9, close_minutes: 0 },
        { day_of_week: 1, closed_all_day: true, open_hour: null, open_minutes: null, close_hour: null, close_minutes: null },
      ]),
    ).toEqual([
      'working_hours[0].day_of_week: must be an integer from 0 (Sunday) to 6 (Saturday)',
      'working_hours[0].open_hour: must be an integer from 0 to 23',
      'working_hours[0].close_minutes: must be an integer from 0 to 59',
      'working_hours[1]: opening time must be before closing time',
      'working_hours[2].day_of_week: day 1 appears twice',
    ]);
  });

  it('allows at most seven entries', () => {
    const eight = Array.from({ length: 8 }, () => closedSunday);
    expect(workingHoursProblems(eight)[0]).toBe('working_hours: at most 7 entries (one per day)');
  });
});
