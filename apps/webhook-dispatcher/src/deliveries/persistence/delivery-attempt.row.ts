/** @owns webhook_dispatcher.delivery_attempts */
import type { DeliveryAttemptState } from '@parley/contracts';

/** A `delivery_attempts` row with its delivery's event, as the delivery log reads it. */
export interface DeliveryAttemptRow {
  id: string;
  delivery_id: string;
  event_id: string | null;
  event: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  latency_ms: number;
  attempted_at: Date;
  next_attempt_at: Date | null;
  state: DeliveryAttemptState;
}
