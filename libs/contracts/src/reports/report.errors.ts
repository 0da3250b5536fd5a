/** Why a report request was refused (window and parameter rules). */
export const ReportErrors = {
  /** `until` before `since`, a window over the configured maximum, a malformed time. */
  invalidWindow: 'REPORT.INVALID_WINDOW',
  unknownParameter: 'REPORT.UNKNOWN_PARAMETER',
  unknownMetric: 'REPORT.UNKNOWN_METRIC',
  unknownTimezone: 'REPORT.UNKNOWN_TIMEZONE',
  /** Parameters that do not go together, e.g. `type=agent` without `id`. */
  invalidCombination: 'REPORT.INVALID_COMBINATION',
} as const;
