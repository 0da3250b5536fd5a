import { setTimeout as sleep } from 'node:timers/promises';

/** `count` calls of `one` as fast as they complete, at most `window` in flight; answers their results. */
export async function burstOf<T>(count: number, window: number, one: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  const inFlight = new Set<Promise<void>>();
  for (let index = 0; index < count; index++) {
    const running: Promise<void> = one()
      .then((result) => void results.push(result))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
    if (inFlight.size >= window) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return results;
}

/**
 * Open loop: one call every 1/rate s for `seconds`, on schedule whether or not earlier ones
 * finished (a queue that builds up shows in the latency, as it would in production).
 */
export async function steadyOf<T>(ratePerSecond: number, seconds: number, one: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  const pending: Array<Promise<void>> = [];
  const start = performance.now();
  const count = Math.round(ratePerSecond * seconds);
  for (let index = 0; index < count; index++) {
    const due = start + (index * 1000) / ratePerSecond;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(one().then((result) => void results.push(result)));
  }
  await Promise.all(pending);
  return results;
}
