import { SetMetadata } from '@nestjs/common';
import type { EventEnvelope, EventType } from '@parley/contracts';

export const EVENT_HANDLER = Symbol('EVENT_HANDLER');

export interface EventHandlerMetadata {
  /** One durable consumer per type. */
  types: EventType[];
  /**
   * Names the durable consumer; defaults to the event type. One consumer per (service, purpose);
   * with several types, one per (service, purpose, type).
   */
  purpose?: string;
  /**
   * Events handled at once (default 1: in stream order). Raise it only for handlers that are
   * correct in any order, e.g. read models that keep the newest version.
   */
  concurrency?: number;
  /**
   * For consumers nobody waits on to the millisecond (see UNHURRIED_GATHER_MS): when fewer
   * events have piled up than a batch holds, applies them only once the oldest has waited this
   * long, so a steady trickle costs a transaction per few events instead of one per event.
   * Default 0: applied as soon as a worker is free.
   */
  gatherMs?: number;
  /** Events it returns false for are acknowledged at once, without a transaction (nothing to do). */
  when?: (event: EventEnvelope) => boolean;
  /**
   * For checks that need a read, such as "has the account a rule for this at all?": of the
   * events `when` let through, answers those with work to do, given the provider the handler
   * belongs to. It runs outside any transaction, when the batch is handled (so it sees what the
   * handler would); the others are acknowledged at once, without a transaction or an inbox
   * record. If it fails, every event goes to the handler. Not for `OnEventsIdempotent`.
   */
  sift?: (provider: never, events: EventEnvelope[]) => Promise<EventEnvelope[]>;
  /** Set by `OnEvents`: the handler takes the events of a transaction as one array. */
  batch?: boolean;
  /** Set by `OnEventsIdempotent`: the handler runs outside a transaction (see there). */
  idempotent?: boolean;
}

/**
 * A `gatherMs` for consumers of frequent events whose effect nobody waits on to the millisecond
 * (report facts, a contact's last activity, automation rules): long enough to batch a steady
 * trickle (at 100 messages a second, about five to a transaction instead of one), short next to
 * the time anyone takes to look.
 */
export const UNHURRIED_GATHER_MS = 50;

/**
 * Marks a provider method as the handler of one event type. It runs inside a transaction
 * together with the inbox record, so a redelivered event is applied once:
 * `(event: EventEnvelope<EventMap[T]>, tx: EntityManager, emit: Emit, sendMail: SendMail) => Promise<void>`.
 */
export function OnEvent(type: EventType, options: Omit<EventHandlerMetadata, 'types' | 'batch'> = {}): MethodDecorator {
  return SetMetadata<symbol, EventHandlerMetadata>(EVENT_HANDLER, { types: [type], ...options });
}

/**
 * Like `OnEvent`, for handlers that write many events with one statement:
 * `(events: Array<EventEnvelope<EventMap[T]>>, tx: EntityManager, emit: Emit) => Promise<void>`.
 * It gets the events of one transaction not applied before, in stream order; while a failed
 * batch is searched for its culprit, one event at a time. Given several types, each has its
 * own durable consumer and the handler gets events of one type per call.
 */
export function OnEvents(
  types: EventType | EventType[],
  options: Omit<EventHandlerMetadata, 'types' | 'batch'> = {},
): MethodDecorator {
  return SetMetadata<symbol, EventHandlerMetadata>(EVENT_HANDLER, {
    types: Array.isArray(types) ? types : [types],
    ...options,
    batch: true,
  });
}

/**
 * Like `OnEvents`, for handlers whose effect is the same when applied twice and that cannot
 * bring back rows of a deleted account: publishing under ids JetStream de-duplicates (a
 * redelivery falls within the stream's duplicate window, longer than the ack wait), or an
 * update towards a maximum. `(events: Array<EventEnvelope<EventMap[T]>>) => Promise<void>`;
 * a handler that writes uses its own connection, one statement per write. They run without a
 * transaction, inbox record or deleted-account check: four round trips a batch that would
 * guard nothing.
 */
export function OnEventsIdempotent(
  types: EventType | EventType[],
  options: Omit<EventHandlerMetadata, 'types' | 'batch' | 'idempotent' | 'sift'> = {},
): MethodDecorator {
  return SetMetadata<symbol, EventHandlerMetadata>(EVENT_HANDLER, {
    types: Array.isArray(types) ? types : [types],
    ...options,
    batch: true,
    idempotent: true,
  });
}
