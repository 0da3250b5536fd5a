import { DomainError } from '@parley/service-kit';
import {
  REPORT_METRICS,
  ReportErrors,
  type ReportMetric,
  type ReportScope,
  type SeriesQuery,
  type SummaryQuery,
} from '@parley/contracts';
import { isValidTimeZone, zoneOffsetSeconds } from '@parley/domain-rules';
import type { Window } from '../report-window/report-window.rules';

const DAY = 86_400;

/** `type` and `id` together: the account needs no id, every other scope needs one (422 otherwise). */
export function scopeOf(query: SummaryQuery): { type: ReportScope; id: number } {
  const type = query.type ?? 'account';
  if (type === 'account') return { type, id: 0 };
  if (query.id === undefined)
    throw new DomainError(ReportErrors.invalidCombination, `type=${type} needs an id`, ['id']);
  return { type, id: query.id };
}

export function metricOf(query: SeriesQuery): ReportMetric {
  if (query.metric === undefined)
    throw new DomainError(ReportErrors.unknownMetric, `metric is required (one of ${REPORT_METRICS.join(', ')})`, [
      'metric',
    ]);
  if (!(REPORT_METRICS as readonly string[]).includes(query.metric))
    throw new DomainError(ReportErrors.unknownMetric, `Unknown metric "${query.metric}"`, ['metric']);
  return query.metric as ReportMetric;
}

/** A zone to bucket in: an IANA name (daylight-saving followed) or a fixed offset east of UTC in minutes. */
export type Zone = { name: string } | { offsetMinutes: number };

export function zoneOf(query: { timezone?: string; timezone_offset?: number }): Zone {
  if (query.timezone !== undefined) {
    if (!isValidTimeZone(query.timezone))
      throw new DomainError(ReportErrors.unknownTimezone, `Unknown time zone "${query.timezone}"`, ['timezone']);
    return { name: query.timezone };
  }
  const offset = query.timezone_offset ?? 0;
  if (!Number.isFinite(offset) || offset < -12 || offset > 14) {
    throw new DomainError(ReportErrors.unknownTimezone, 'timezone_offset must be between -12 and 14 hours', [
      'timezone_offset',
    ]);
  }
  return { offsetMinutes: Math.round(offset * 60) };
}

/**
 * Which roll-ups line up with the zone's buckets across the window: daily ones when the zone is
 * UTC throughout, hourly ones when it is a whole number of hours from UTC, none otherwise (then
 * the facts are added up).
 */
export function zoneAlignment(zone: Zone, window: Window): 'day' | 'hour' | 'none' {
  const offsets: number[] = [];
  if ('offsetMinutes' in zone) offsets.push(zone.offsetMinutes * 60);
  else
    for (let at = window.since; ; at = Math.min(at + 15 * DAY, window.until)) {
      offsets.push(zoneOffsetSeconds(zone.name, at));
      if (at >= window.until) break;
    }
  if (offsets.every((offset) => offset === 0)) return 'day';
  return offsets.every((offset) => offset % 3600 === 0) ? 'hour' : 'none';
}

/** Seconds per sample, rounded to hundredths; 0 without samples (decisions: ratios with no data are 0). */
export function average(total: number, count: number): number {
  return count > 0 ? Math.round((total / count) * 100) / 100 : 0;
}
