/** The progress an estimate is made from. */
export interface Progress {
  audienceCount: number;
  done: number;
  /** When the current stretch of running began, and the sends done by then. */
  runStartedAt: Date | null;
  runDoneAtStart: number;
}

const MIN_ELAPSED_MS = 1000;

/**
 * When a running campaign should be done: the remaining sends at the rate measured since it
 * (re)started running, or at the configured rate (sends/s) before there is a measure; null when
 * neither is known (rate limit off and nothing measured yet).
 */
export function estimatedCompletion(progress: Progress, configuredRate: number, now: Date): Date | null {
  const remaining = Math.max(0, progress.audienceCount - progress.done);
  if (remaining === 0) return now;
  const elapsed = progress.runStartedAt ? now.getTime() - progress.runStartedAt.getTime() : 0;
  const doneSince = progress.done - progress.runDoneAtStart;
  const measured = elapsed >= MIN_ELAPSED_MS && doneSince > 0 ? (doneSince * 1000) / elapsed : null;
  const rate = measured ?? (configuredRate > 0 ? configuredRate : null);
  return rate ? new Date(now.getTime() + Math.ceil((remaining / rate) * 1000)) : null;
}

/** The next slot of an inbox at `rate` sends/s (0: no limit): the send waits until `at`, the slot after it is `next`. */
export function nextSlot(nextFree: number, rate: number, now: number): { at: number; next: number } {
  if (rate <= 0) return { at: now, next: now };
  const at = Math.max(now, nextFree);
  return { at, next: at + 1000 / rate };
}

/** Most contacts in one send command to messaging (one transaction there). */
const MAX_PER_COMMAND = 25;

/**
 * How `concurrency` sends in flight are split into commands: two commands at a time (one is
 * written while the next is prepared) of up to MAX_PER_COMMAND contacts, more commands beyond that.
 */
export function sendSplit(concurrency: number): { commands: number; perCommand: number } {
  const perCommand = Math.min(MAX_PER_COMMAND, Math.max(1, Math.ceil(concurrency / 2)));
  return { commands: Math.max(1, Math.ceil(concurrency / perCommand)), perCommand };
}
