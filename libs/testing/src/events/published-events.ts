import { eventSubject, type EventEnvelope } from '@parley/contracts';
import { namespaced, namespacedStream } from '@parley/service-kit';
import { connect, type JsMsg, type NatsConnection } from 'nats';
import { readE2eState } from '../harness/e2e-state';

/** Runs `work` on a connection to this run's NATS, with the run's event stream and a subject of it. */
async function onEventStream<T>(
  work: (connection: NatsConnection, stream: string, subjectOf: (type: string) => string) => Promise<T>,
): Promise<T> {
  const { natsUrl, namespace } = readE2eState();
  const connection = await connect({ servers: natsUrl });
  try {
    return await work(connection, namespacedStream(namespace, 'PARLEY_EVENTS'), (type) =>
      namespaced(namespace, eventSubject(type)),
    );
  } finally {
    await connection.close();
  }
}

/** Every message of `type` in the event stream, oldest first, read with an ordered consumer. */
function storedMessages(type: string): Promise<JsMsg[]> {
  return onEventStream(async (connection, stream, subjectOf) => {
    const subject = subjectOf(type);
    const manager = await connection.jetstreamManager();
    const pending = (await manager.streams.info(stream, { subjects_filter: subject })).state.subjects?.[subject] ?? 0;
    if (pending === 0) return [];
    const consumer = await connection.jetstream().consumers.get(stream, { filterSubjects: subject });
    const stored: JsMsg[] = [];
    for await (const message of await consumer.fetch({ max_messages: pending, expires: 2000 })) {
      stored.push(message);
      if (stored.length >= pending) break;
    }
    return stored;
  });
}

/**
 * Every event of `type` currently in this run's event stream, oldest first — read with an
 * ordered consumer, so tests see exactly what was published (duplicates included).
 */
export async function publishedEvents<T = unknown>(type: string): Promise<Array<EventEnvelope<T>>> {
  return (await storedMessages(type)).map((message) => message.json<EventEnvelope<T>>());
}

/** The stream sequence of the event of `type` with this id (null while it is not in the stream). */
async function streamSequenceOf(type: string, id: string): Promise<number | null> {
  const found = (await storedMessages(type)).find((message) => message.json<EventEnvelope>().id === id);
  return found?.seq ?? null;
}

/**
 * Whether every durable consumer of `service` on the event's subject has acknowledged the event
 * (its acknowledgement floor is past it): taken, whether or not that left an inbox record (a
 * consumer's `sift` acknowledges events with nothing to do without one).
 */
export async function acknowledgedBy(service: string, event: { id: string; type: string }): Promise<boolean> {
  const sequence = await streamSequenceOf(event.type, event.id);
  if (sequence === null) return false;
  return onEventStream(async (connection, stream, subjectOf) => {
    const manager = await connection.jetstreamManager();
    let durables = 0;
    for await (const info of manager.consumers.list(stream)) {
      if (!info.name.startsWith(`${service}__`) || info.config.filter_subject !== subjectOf(event.type)) continue;
      if (info.ack_floor.stream_seq < sequence) return false;
      durables++;
    }
    return durables > 0;
  });
}

/** The largest message this run's NATS server accepts (its max_payload), in bytes. */
export function natsMaxPayload(): Promise<number> {
  return onEventStream(async (connection) => connection.info!.max_payload);
}
