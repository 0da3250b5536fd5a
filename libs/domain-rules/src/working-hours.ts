/** One day of an inbox's working hours (0 = Sunday); times are in the inbox's time zone. */
export interface WorkingDay {
  day_of_week: number;
  closed_all_day?: boolean;
  open_all_day?: boolean;
  open_hour?: number | null;
  open_minutes?: number | null;
  close_hour?: number | null;
  close_minutes?: number | null;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The weekday and minute of the day at `at` in `timeZone` (UTC when the zone is unknown). */
function localTime(at: Date, timeZone: string): { day: number; minute: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  } catch {
    return localTime(at, 'UTC');
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  return { day: WEEKDAYS.indexOf(part('weekday')), minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

/**
 * Whether an inbox with these working hours is open at `at`: always when working hours are off;
 * otherwise the day's entry decides (no entry or closed all day: closed; open from the opening
 * minute up to, not including, the closing minute).
 */
export function isWithinWorkingHours(enabled: boolean, days: readonly WorkingDay[], timeZone: string, at: Date): boolean {
  if (!enabled) return true;
  const { day, minute } = localTime(at, timeZone || 'UTC');
  const today = days.find((entry) => entry.day_of_week === day);
  if (!today || today.closed_all_day) return false;
  if (today.open_all_day) return true;
  const opens = (today.open_hour ?? 0) * 60 + (today.open_minutes ?? 0);
  const closes = (today.close_hour ?? 0) * 60 + (today.close_minutes ?? 0);
  return minute >= opens && minute < closes;
}
