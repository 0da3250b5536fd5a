import type { WorkingHoursEntry } from '@parley/contracts';

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
