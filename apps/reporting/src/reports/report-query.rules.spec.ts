import { DomainError } from '@parley/service-kit';
import { windowOf } from '../report-window/report-window.rules';
import { average, metricOf, scopeOf, zoneAlignment, zoneOf } from './report-query.rules';

const config = { maxWindowDays: 10, defaultWindowDays: 2 };
const codeOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as DomainError).code;
  }
  return null;
};

describe('report parameter rules', () => {
  it('defaults and bounds the window', () => {
    expect(windowOf({}, config, 1_000_000)).toEqual({ since: 1_000_001 - 2 * 86_400, until: 1_000_001 });
    expect(codeOf(() => windowOf({ since: 10, until: 5 }, config, 0))).toBe('REPORT.INVALID_WINDOW');
    expect(codeOf(() => windowOf({ since: 0, until: 11 * 86_400 }, config, 0))).toBe('REPORT.INVALID_WINDOW');
  });

  it('needs an id for every scope but the account (422), a known metric and zone (400)', () => {
    expect(scopeOf({})).toEqual({ type: 'account', id: 0 });
    expect(codeOf(() => scopeOf({ type: 'team' }))).toBe('REPORT.INVALID_COMBINATION');
    expect(codeOf(() => metricOf({ metric: 'nope' }))).toBe('REPORT.UNKNOWN_METRIC');
    expect(codeOf(() => zoneOf({ timezone: 'Nowhere/Else' }))).toBe('REPORT.UNKNOWN_TIMEZONE');
    expect(zoneOf({ timezone_offset: 5.5 })).toEqual({ offsetMinutes: 330 });
  });

  it('uses daily roll-ups for UTC, hourly ones for zones a whole number of hours from UTC', () => {
    const year = { since: Date.parse('2026-01-01T00:00:00Z') / 1000, until: Date.parse('2026-12-31T00:00:00Z') / 1000 };
    expect(zoneAlignment({ name: 'Europe/Berlin' }, year)).toBe('hour');
    expect(zoneAlignment({ name: 'Asia/Kolkata' }, year)).toBe('none');
    expect(zoneAlignment({ offsetMinutes: -180 }, year)).toBe('hour');
    expect(zoneAlignment({ offsetMinutes: 0 }, year)).toBe('day');
    expect(zoneAlignment({ name: 'UTC' }, year)).toBe('day');
    expect(average(10, 4)).toBe(2.5);
    expect(average(10, 0)).toBe(0);
  });
});
