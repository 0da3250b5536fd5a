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

/** The stream sequence of the event of `type` with this id (null while it is not in the stream). */
export async function streamSequenceOf(type: string, id: string): Promise<number | null> {
  const { natsUrl, namespace } = readE2eState();
  const connection = await connect({ servers: natsUrl });
  try {
    const stream = namespacedStream(namespace, 'PARLEY_EVENTS');
    const subject = namespaced(namespace, eventSubject(type));
    const manager = await connection.jetstreamManager();
    const pending = (await manager.streams.info(stream, { subjects_filter: subject })).state.subjects?.[subject] ?? 0;
    if (pending === 0) return null;
    const consumer = await connection.jetstream().consumers.get(stream, { filterSubjects: subject });
    const messages = await consumer.fetch({ max_messages: pending, expires: 2000 });
    let seen = 0;
    for await (const message of messages) {
      if (message.json<EventEnvelope>().id === id) return message.seq;
      if (++seen >= pending) break;
    }
    return null;
  } finally {
    await connection.close();
  }
}

/**
 * Whether every durable consumer of `service` on the event's subject has acknowledged the event
 * (its acknowledgement floor is past it): taken, whether or not that left an inbox record (a
 * consumer's `sift` acknowledges events with nothing to do without one).
 */
export async function acknowledgedBy(service: string, event: { id: string; type: string }): Promise<boolean> {
  const sequence = await streamSequenceOf(event.type, event.id);
  if (sequence === null) return false;
  const { natsUrl, namespace } = readE2eState();
  const connection = await connect({ servers: natsUrl });
  try {
    const manager = await connection.jetstreamManager();
    const subject = namespaced(namespace, eventSubject(event.type));
    let durables = 0;
    for await (const info of manager.consumers.list(namespacedStream(namespace, 'PARLEY_EVENTS'))) {
      if (!info.name.startsWith(`${service}__`) || info.config.filter_subject !== subject) continue;
      if (info.ack_floor.stream_seq < sequence) return false;
      durables++;
    }
    return durables > 0;
  } finally {
    await connection.close();
  }
}
