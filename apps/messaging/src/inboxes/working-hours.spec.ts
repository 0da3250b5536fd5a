import type { WorkingHoursEntry } from '@parley/contracts';
import { isValidTimeZone } from '@parley/domain-rules';
import { workingHoursProblems } from './working-hours.rules';

const weekdays9to17: WorkingHoursEntry[] = [1, 2, 3, 4, 5].map((day) => ({
  day_of_week: day,
  closed_all_day: false,
  open_hour: 9,
  open_minutes: 0,
  close_hour: 17,
  close_minutes: 30,
}));
const closedSunday: WorkingHoursEntry = {
  day_of_week: 0,
  closed_all_day: true,
  open_hour: null,
  open_minutes: null,
  close_hour: null,
  close_minutes: null,
};

describe('isValidTimeZone', () => {
  it.each(['UTC', 'Europe/Lisbon', 'America/Sao_Paulo', 'Asia/Kolkata'])('accepts %s', (zone) =>
    expect(isValidTimeZone(zone)).toBe(true),
  );
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
        {
          day_of_week: 1,
          closed_all_day: true,
          open_hour: null,
          open_minutes: null,
          close_hour: null,
          close_minutes: null,
        },
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
