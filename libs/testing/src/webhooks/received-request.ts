/** What the test receiver recorded of one request (shared by the receiver and the tests' client). */
export interface ReceivedRequest {
  method: string;
  path: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The raw body, exactly as signed. */
  body: string;
  received_at: number;
  /** What the receiver answers (decided on arrival). */
  status: number;
  /** Came on a kept-alive connection: one that carried an answer before. */
  reused: boolean;
  /**
   * Set just before the answer is written, so it is true before the caller can see the answer;
   * stays false when the caller hung up first (it timed out): such a request counts as unanswered.
   */
  answered: boolean;
}

/**
 * How an endpoint answers: `fail_times` requests get `fail_status` first; every answer waits
 * `delay_ms`; with `close_reused`, a request that comes on a kept-alive connection (one that
 * carried an answer before) is recorded and its connection closed unanswered, as a receiver
 * closing an idle connection just as the request arrives would.
 */
export interface EndpointBehaviour {
  fail_times?: number;
  fail_status?: number;
  delay_ms?: number;
  close_reused?: boolean;
}
