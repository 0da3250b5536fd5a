export interface EventuallyOptions {
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
  /** Wait between attempts (default 50 ms). */
  intervalMs?: number;
  description?: string;
}

/**
 * Polls `probe` until it returns without throwing, or the time is up — then fails with the
 * last error. For asynchronous effects (events, restarts): never a fixed sleep.
 */
export async function eventually<T>(probe: () => Promise<T> | T, options: EventuallyOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const intervalMs = options.intervalMs ?? 50;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      return await probe();
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const reason = lastError instanceof Error ? lastError.message : String(lastError);
  throw new Error(`${options.description ?? 'Condition'} not met within ${timeoutMs} ms: ${reason}`);
}
