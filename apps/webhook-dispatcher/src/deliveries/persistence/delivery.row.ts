/** A `deliveries` row as a claim answers it: what one attempt needs. */
export interface DeliveryRow {
  id: string;
  target: 'webhook' | 'inbox' | 'direct';
  webhook_id: number | null;
  inbox_id: number | null;
  event_id: string | null;
  event: string;
  body: string;
  /** Attempts made before this one. */
  attempts: number;
  /** The webhook's current URL and secret, or the ones a direct delivery carries; the inbox's are asked for. */
  url: string | null;
  secret: string | null;
}
