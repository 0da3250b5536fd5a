import type { WorkingHoursEntry } from '@parley/contracts';

export interface Schedule {
  working_hours_enabled: boolean;
  working_hours: WorkingHoursEntry[];
  timezone: string;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** True when `timezone` is a time zone name this runtime knows (IANA names and their aliases). */
export function isValidTimeZone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** Day of week and minutes since midnight at `at`, on the wall clock of `timezone` (DST included). */
export function localTime(at: Date, timezone: string): { dayOfWeek: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return { dayOfWeek: WEEKDAYS.indexOf(get('weekday')), minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

/**
 * Whether an inbox is open at `at`: always, unless working hours are enabled; then only on a
 * day with an entry that is not closed, from its opening time (inclusive) to its closing time
 * (exclusive), on the inbox's wall clock.
 */
export function isOpenAt(schedule: Schedule, at: Date): boolean {
  if (!schedule.working_hours_enabled) return true;
  const { dayOfWeek, minutes } = localTime(at, schedule.timezone);
  const day = schedule.working_hours.find((entry) => entry.day_of_week === dayOfWeek);
  if (!day || day.closed_all_day) return false;
  const opens = (day.open_hour ?? 0) * 60 + (day.open_minutes ?? 0);
  const closes = (day.close_hour ?? 0) * 60 + (day.close_minutes ?? 0);
  return minutes >= opens && minutes < closes;
}

/** Problems with a working-hours list, as `working_hours[i].field: problem` lines (empty when valid). */
export function workingHoursProblems(entries: WorkingHoursEntry[]): string[] {
  const problems: string[] = [];
  if (entries.length > 7) problems.push('working_hours: at most 7 entries (one per day)');
  const seen = new Set<number>();
  entries.forEach((entry, index) => {
    const at = (field: string) => `working_hours[${index}].${field}`;
    if (!Number.isInteger(entry.day_of_week) || entry.day_of_week < 0 || entry.day_of_week > 6) {
      problems.push(`${at('day_of_week')}: must be an integer from 0 (Sunday) to 6 (Saturday)`);
    } else if (seen.has(entry.day_of_week)) {
      problems.push(`${at('day_of_week')}: day ${entry.day_of_week} appears twice`);
    } else {
      seen.add(entry.day_of_week);
    }
    if (entry.closed_all_day) return;
    const checks: Array<[keyof WorkingHoursEntry, number]> = [
      ['open_hour', 23],
      ['open_minutes', 59],
      ['close_hour', 23],
      ['close_minutes', 59],
    ];
    let valid = true;
    for (const [field, max] of checks) {
      const value = entry[field];
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
        problems.push(`${at(field)}: must be an integer from 0 to ${max}`);
        valid = false;
      }
    }
    if (valid && entry.open_hour! * 60 + entry.open_minutes! >= entry.close_hour! * 60 + entry.close_minutes!) {
      problems.push(`working_hours[${index}]: opening time must be before closing time`);
    }
  });
  return problems;
}
