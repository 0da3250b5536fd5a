import { WEBHOOK_HEADERS, type WebhookDeliveryAttempt } from '@parley/contracts';
import type { ReceivedRequest } from './received-request';

type Attempt = Pick<WebhookDeliveryAttempt, 'delivery_id' | 'event_id' | 'attempt' | 'state' | 'status_code'>;
type Request = Pick<ReceivedRequest, 'headers' | 'body' | 'status' | 'answered'>;

const DELIVERY_HEADER = WEBHOOK_HEADERS.delivery.toLowerCase();
const is2xx = (status: number | null) => status !== null && status >= 200 && status < 300;

/** Events whose delivery the log shows finished (delivered or discarded): nothing more will be sent for them. */
export function finishedEventIds(attempts: Attempt[]): Set<string> {
  return new Set(attempts.filter((attempt) => attempt.state !== 'retrying').map((attempt) => attempt.event_id!));
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/**
 * What breaks "exactly once" between one webhook's delivery log (every page of it) and what its
 * receiver recorded, once every event's delivery has finished: each event has one delivery,
 * logged delivered once, by its last attempt, only after the receiver answered it 2xx; no
 * delivery reached the receiver more often than it was attempted (two replicas sending the
 * same attempt would). Answers one line per problem, none when all holds.
 */
export function exactlyOnceProblems(eventIds: string[], attempts: Attempt[], requests: Request[]): string[] {
  const problems: string[] = [];
  const byEvent = groupBy(attempts, (attempt) => attempt.event_id ?? '');
  const requestsByDelivery = groupBy(requests, (request) => request.headers[DELIVERY_HEADER] ?? '');
  const expected = new Set(eventIds);
  for (const eventId of eventIds) {
    const logged = byEvent.get(eventId) ?? [];
    const deliveryIds = [...new Set(logged.map((attempt) => attempt.delivery_id))];
    if (deliveryIds.length !== 1) {
      problems.push(`event ${eventId}: ${deliveryIds.length} deliveries logged, expected 1`);
      continue;
    }
    const [deliveryId] = deliveryIds;
    const numbers = logged.map((attempt) => attempt.attempt).sort((a, b) => a - b);
    if (numbers.some((number, index) => number !== index + 1))
      problems.push(`delivery ${deliveryId}: attempts logged ${numbers.join(',')}, expected 1…${numbers.length}`);
    const last = logged.find((attempt) => attempt.attempt === numbers.length);
    const delivered = logged.filter((attempt) => attempt.state === 'delivered');
    if (delivered.length !== 1 || delivered[0] !== last)
      problems.push(
        `delivery ${deliveryId}: logged ${logged.map((attempt) => `#${attempt.attempt} ${attempt.state}`).join(', ')}, expected delivered once, by the last attempt`,
      );
    if (delivered.some((attempt) => !is2xx(attempt.status_code)))
      problems.push(`delivery ${deliveryId}: logged delivered with status ${delivered[0].status_code}`);
    const received = requestsByDelivery.get(deliveryId) ?? [];
    if (delivered.length > 0 && !received.some((request) => request.answered && is2xx(request.status)))
      problems.push(
        `delivery ${deliveryId}: logged delivered, but the receiver answered none of its ${received.length} request(s) 2xx (lost)`,
      );
    if (received.length > logged.length)
      problems.push(
        `delivery ${deliveryId}: received ${received.length} times, attempted ${logged.length} times (sent twice)`,
      );
    for (const request of received) {
      const bodyId = (JSON.parse(request.body) as { id?: unknown }).id;
      if (bodyId !== eventId)
        problems.push(`delivery ${deliveryId}: a request carried event ${String(bodyId)}, expected ${eventId}`);
    }
  }
  const knownDeliveries = new Set(
    attempts.filter((attempt) => expected.has(attempt.event_id ?? '')).map((attempt) => attempt.delivery_id),
  );
  for (const [deliveryId, received] of requestsByDelivery) {
    if (!knownDeliveries.has(deliveryId))
      problems.push(
        `delivery ${deliveryId || '(no header)'}: received ${received.length} time(s) but not logged for any of the events`,
      );
  }
  for (const eventId of byEvent.keys())
    if (!expected.has(eventId)) problems.push(`event ${eventId}: logged but never published`);
  return problems;
}
