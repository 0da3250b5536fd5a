import type { DeliveryAttemptState } from '@parley/contracts';

export interface AttemptVerdict {
  state: DeliveryAttemptState;
  /** Wait before the next attempt, counted from the end of this one; null when there is none. */
  retryInMs: number | null;
}

/**
 * What follows attempt `attempt` (1 = the first try): done on success; otherwise the next wait
 * of the schedule, or discarded once every retry of the schedule has been used.
 */
export function verdictOf(attempt: number, succeeded: boolean, scheduleMs: readonly number[]): AttemptVerdict {
  if (succeeded) return { state: 'delivered', retryInMs: null };
  const wait = scheduleMs[attempt - 1];
  return wait === undefined ? { state: 'discarded', retryInMs: null } : { state: 'retrying', retryInMs: wait };
}

/** Any 2xx is a success; a redirect is not followed, so 3xx is a failure like the rest. */
export function isSuccessStatus(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}
