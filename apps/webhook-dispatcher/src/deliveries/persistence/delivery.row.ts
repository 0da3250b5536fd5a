/** @owns webhook_dispatcher.deliveries */
/** A `deliveries` row as a claim answers it: what one attempt needs. */
export interface DeliveryRow {
  id: string;
  account_id: number;
  target: 'webhook' | 'inbox' | 'direct';
  webhook_id: number | null;
  inbox_id: number | null;
  event_id: string | null;
  event: string;
  body: string;
  /** Attempts made before this one. */
  attempts: number;
  /** W3C trace context of the event, sent with every attempt (null with tracing off). */
  traceparent: string | null;
  /** The webhook's current URL and secret, or the ones a direct delivery carries; the inbox's are asked for. */
  url: string | null;
  secret: string | null;
  /** When the delivery was made (after its event happened): an inbox callback known missing only from an older answer is asked again. */
  created_at: Date;
}
