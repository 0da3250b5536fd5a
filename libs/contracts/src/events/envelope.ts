import type { EventMap } from './event-map';

export type ActorKind = 'user' | 'platform' | 'system' | 'automation';

export interface EventActor {
  type: ActorKind;
  id: number | null;
}

export interface EventMeta {
  actor: EventActor;
  /** The X-Request-Id of the HTTP request (or the event) that caused this event. */
  correlation_id: string | null;
  /** Who produced the change, e.g. `api`, `automation:<rule_id>`; consumers use it to stop loops. */
  origin: string;
  /** W3C trace context of the request that caused it, when tracing is on (consumers and webhooks continue the trace). */
  traceparent?: string;
}

/** The wire form of every domain event published on JetStream. */
export interface EventEnvelope<TData = unknown, TType extends string = string> {
  id: string;
  type: TType;
  version: number;
  account_id: number | null;
  occurred_at: string;
  data: TData;
  meta: EventMeta;
}

/** The envelope of one event type, its `data` typed by the event map. */
export type EventOf<T extends keyof EventMap> = EventEnvelope<EventMap[T]>;

/** Events live under `evt.<context>.<entity>.<verb>`; the type is everything after `evt.`. */
export const EVENT_SUBJECT_ROOT = 'evt';

export function eventSubject(type: string): string {
  return `${EVENT_SUBJECT_ROOT}.${type}`;
}

/** Subject of events that exhausted their deliveries for one consumer. */
export function deadLetterSubject(consumer: string, type: string): string {
  return `dlq.${consumer}.${type}`;
}
