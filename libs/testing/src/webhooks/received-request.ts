/** What the test receiver recorded of one request (shared by the receiver and the tests' client). */
export interface ReceivedRequest {
  method: string;
  path: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The raw body, exactly as signed. */
  body: string;
  received_at: number;
  /** What the receiver answered. */
  status: number;
}

/** How an endpoint answers: `fail_times` requests get `fail_status` first; every answer waits `delay_ms`. */
export interface EndpointBehaviour {
  fail_times?: number;
  fail_status?: number;
  delay_ms?: number;
}
