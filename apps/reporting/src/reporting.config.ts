import { EnvReader } from '@parley/service-kit';

export interface ReportingConfig {
  /** Longest window a report may span, in days (a longer one is a 400). */
  maxWindowDays: number;
  /** Window of a report asked without `since`, in days before `until`. */
  defaultWindowDays: number;
}

export const REPORTING_CONFIG = Symbol('REPORTING_CONFIG');

export function loadReportingConfig(env: Record<string, string | undefined> = process.env): ReportingConfig {
  const read = new EnvReader(env);
  return {
    maxWindowDays: read.int('REPORT_MAX_WINDOW_DAYS', { default: 400, min: 1, max: 3660 }),
    defaultWindowDays: read.int('REPORT_DEFAULT_WINDOW_DAYS', { default: 30, min: 1, max: 3660 }),
  };
}
