import { SetMetadata } from '@nestjs/common';
import type { EventEnvelope, EventType } from '@parley/contracts';

export const EVENT_HANDLER = Symbol('EVENT_HANDLER');

export interface EventHandlerMetadata {
  type: EventType;
  /** Names the durable consumer; defaults to the event type. One consumer per (service, purpose). */
  purpose?: string;
  /**
   * Events handled at once (default 1: in stream order). Raise it only for handlers that are
   * correct in any order, e.g. read models that keep the newest version.
   */
  concurrency?: number;
  /** Events it returns false for are acknowledged at once, without a transaction (nothing to do). */
  when?: (event: EventEnvelope) => boolean;
}

/**
 * Marks a provider method as the handler of one event type. It runs inside a transaction
 * together with the inbox record, so a redelivered event is applied once:
 * `(event: EventEnvelope<EventMap[T]>, tx: EntityManager, emit: Emit) => Promise<void>`.
 */
export function OnEvent(type: EventType, options: Omit<EventHandlerMetadata, 'type'> = {}): MethodDecorator {
  return SetMetadata<symbol, EventHandlerMetadata>(EVENT_HANDLER, { type, ...options });
}
