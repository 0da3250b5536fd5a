import { EVENT_VERSION, type EventEnvelope, type EventMap, type EventType } from '@parley/contracts';
import { randomUUID } from 'node:crypto';
import { currentRequestContext } from '../logging/request-context';
import { currentTraceCarrier } from '../tracing/tracing';

/** Builds an envelope whose metadata comes from the current request context. */
export function buildEnvelope<T extends EventType>(
  type: T,
  accountId: number | null,
  data: EventMap[T],
): EventEnvelope<EventMap[T], T> {
  const context = currentRequestContext();
  const origin = context?.origin ?? 'system';
  const { traceparent } = currentTraceCarrier();
  return {
    id: randomUUID(),
    type,
    version: EVENT_VERSION,
    account_id: accountId,
    occurred_at: new Date().toISOString(),
    data,
    meta: {
      actor: context?.caller
        ? { type: 'user', id: context.caller.user_id }
        : { type: origin === 'platform' ? 'platform' : 'system', id: null },
      correlation_id: context?.correlationId ?? null,
      origin,
      ...(traceparent ? { traceparent } : {}),
    },
  };
}
