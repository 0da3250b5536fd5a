import { eventSubject, type EventEnvelope } from '@parley/contracts';
import { namespaced, namespacedStream } from '@parley/service-kit';
import { connect } from 'nats';
import { readE2eState } from '../harness/e2e-state';

/**
 * Every event of `type` currently in this run's event stream, oldest first — read with an
 * ordered consumer, so tests see exactly what was published (duplicates included).
 */
export async function publishedEvents<T = unknown>(type: string): Promise<Array<EventEnvelope<T>>> {
  const { natsUrl, namespace } = readE2eState();
  const connection = await connect({ servers: natsUrl });
  try {
    const stream = namespacedStream(namespace, 'PARLEY_EVENTS');
    const subject = namespaced(namespace, eventSubject(type));
    const manager = await connection.jetstreamManager();
    const pending = (await manager.streams.info(stream, { subjects_filter: subject })).state.subjects?.[subject] ?? 0;
    if (pending === 0) return [];
    const consumer = await connection.jetstream().consumers.get(stream, { filterSubjects: subject });
    const events: Array<EventEnvelope<T>> = [];
    const messages = await consumer.fetch({ max_messages: pending, expires: 2000 });
    for await (const message of messages) {
      events.push(message.json<EventEnvelope<T>>());
      if (events.length >= pending) break;
    }
    return events;
  } finally {
    await connection.close();
  }
}
