import { ReportErrors } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import type { ReportingConfig } from '../reporting.config';

const DAY = 86_400;

export interface Window {
  since: number;
  until: number;
}

/**
 * The window [since, until) in Unix seconds: `until` defaults to now, `since` to the default
 * window before it; `until` before `since` or a window over the maximum is a 400.
 */
export function windowOf(query: { since?: number; until?: number }, config: ReportingConfig, now: number): Window {
  // Exclusive bound: by default the current second is inside the window.
  const until = query.until ?? now + 1;
  const since = query.since ?? until - config.defaultWindowDays * DAY;
  if (until < since)
    throw new DomainError(ReportErrors.invalidWindow, `until (${until}) is before since (${since})`, ['until']);
  if (until - since > config.maxWindowDays * DAY) {
    throw new DomainError(
      ReportErrors.invalidWindow,
      `The window is longer than the maximum of ${config.maxWindowDays} days`,
      ['since', 'until'],
    );
  }
  return { since, until };
}

/** The window of the same length that ends where `window` starts (never before the epoch): what `previous` covers. */
export function previousWindow(window: Window): Window {
  return { since: Math.max(0, window.since - (window.until - window.since)), until: window.since };
}
