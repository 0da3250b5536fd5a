/**
 * An inbox's working hours in its time zone: whether it is open at an instant (campaigns'
 * business-hours triggers) and how much of a span falls inside them (reporting's business-hours
 * figures). Pure: zones come from the runtime's Intl data, so daylight-saving changes are followed.
 */

/** One day of an inbox's week (the contract's working_hours entry; 0 = Sunday). */
export interface WorkingDay {
  day_of_week: number;
  closed_all_day?: boolean;
  /** Open the whole day, whatever the hours say. */
  open_all_day?: boolean;
  open_hour?: number | null;
  open_minutes?: number | null;
  close_hour?: number | null;
  close_minutes?: number | null;
}

/** An inbox's working hours as the rule takes them. */
export interface BusinessHours {
  enabled: boolean;
  timezone: string;
  days: WorkingDay[];
}

/** True when `timezone` is a time zone name this runtime knows (IANA names and their aliases). */
export function isValidTimeZone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Seconds the zone is ahead of UTC at the instant `unix` (seconds). */
export function zoneOffsetSeconds(timeZone: string, unix: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(unix * 1000))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) / 1000;
  return wall - Math.floor(unix);
}

/** The instant at which the zone's clocks show this wall time (UTC fields); a skipped wall time maps past the gap. */
function instantOfWallTime(timeZone: string, wall: number): number {
  const first = wall - zoneOffsetSeconds(timeZone, wall);
  return wall - zoneOffsetSeconds(timeZone, first);
}

const DAY = 86_400;

const minuteOf = (hour: number | null | undefined, minutes: number | null | undefined) =>
  (hour ?? 0) * 60 + (minutes ?? 0);

/**
 * Whether an inbox with these working hours is open at `at`: always when working hours are off;
 * otherwise the day's entry decides (no entry or closed all day: closed; open from the opening
 * minute up to, not including, the closing minute). An unknown zone counts as UTC.
 */
export function isWithinWorkingHours(
  enabled: boolean,
  days: readonly WorkingDay[],
  timeZone: string,
  at: Date,
): boolean {
  if (!enabled) return true;
  const unix = Math.floor(at.getTime() / 1000);
  let offset = 0;
  try {
    offset = zoneOffsetSeconds(timeZone || 'UTC', unix);
  } catch {
    // not a zone this runtime knows: UTC
  }
  const wall = new Date((unix + offset) * 1000);
  const today = days.find((entry) => entry.day_of_week === wall.getUTCDay());
  if (!today || today.closed_all_day) return false;
  if (today.open_all_day) return true;
  const minute = wall.getUTCHours() * 60 + wall.getUTCMinutes();
  return (
    minute >= minuteOf(today.open_hour, today.open_minutes) && minute < minuteOf(today.close_hour, today.close_minutes)
  );
}

/**
 * Seconds of [start, end) that fall inside the working hours. With no working hours in force
 * (`enabled` false or an empty week), every second counts.
 */
export function businessSeconds(start: number, end: number, hours: BusinessHours): number {
  if (end <= start) return 0;
  if (!hours.enabled || hours.days.length === 0) return end - start;
  const byDay = new Map(hours.days.map((day) => [day.day_of_week, day]));
  const firstWallDay = Math.floor((start + zoneOffsetSeconds(hours.timezone, start)) / DAY) * DAY;
  const lastWallDay = Math.floor((end + zoneOffsetSeconds(hours.timezone, end)) / DAY) * DAY;
  let total = 0;
  for (let wallDay = firstWallDay; wallDay <= lastWallDay; wallDay += DAY) {
    const day = byDay.get(new Date(wallDay * 1000).getUTCDay());
    if (!day || day.closed_all_day) continue;
    const opens = instantOfWallTime(
      hours.timezone,
      wallDay + (day.open_all_day ? 0 : minuteOf(day.open_hour, day.open_minutes) * 60),
    );
    const closes = instantOfWallTime(
      hours.timezone,
      wallDay + (day.open_all_day ? DAY : minuteOf(day.close_hour, day.close_minutes) * 60),
    );
    total += Math.max(0, Math.min(end, closes) - Math.max(start, opens));
  }
  return total;
}
