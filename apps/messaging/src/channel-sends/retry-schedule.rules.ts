/** Waits after the 1st, 2nd, … transient failure: the first retry within 30 s, then slower (the last repeats). */
const WAITS_MS = [5_000, 20_000, 60_000, 120_000, 300_000];

/**
 * When a send that failed transiently is tried again, or null when the retry window (counted
 * from the first attempt) is spent: the message is then failed. A provider's `Retry-After`
 * wins when it asks for longer.
 */
export function nextAttemptDelay(
  attempts: number,
  firstAttemptAt: Date,
  now: Date,
  windowMs: number,
  retryAfterMs?: number,
): number | null {
  const wait = Math.max(WAITS_MS[Math.min(attempts, WAITS_MS.length) - 1] ?? WAITS_MS[0], retryAfterMs ?? 0);
  return now.getTime() + wait - firstAttemptAt.getTime() > windowMs ? null : wait;
}
