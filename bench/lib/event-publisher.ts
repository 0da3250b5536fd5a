import { ContactEvents, eventSubject, type EventEnvelope, type EventMap } from '@parley/contracts';
import { contactSnapshot } from '@parley/testing';
import { connect, JSONCodec, type JetStreamClient, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

type ContactUpdated = EventEnvelope<EventMap[typeof ContactEvents.updated]>;

const codec = JSONCodec<ContactUpdated>();

/** Wall-clock milliseconds with a fraction, comparable across processes of this machine. */
export function wallClock(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * Publishes `contact.updated` the way the contacts service does (JetStream, message id = event
 * id) and remembers when each was handed to NATS: the start of its event → delivery latency.
 */
export class EventPublisher {
  /** Event id → publish time (wall clock, ms). */
  readonly publishedAt = new Map<string, number>();

  private constructor(
    private readonly connection: NatsConnection,
    private readonly jetstream: JetStreamClient,
    private readonly subject: string,
    private readonly accountId: number,
  ) {}

  static async connect(natsUrl: string, namespace: string, accountId: number): Promise<EventPublisher> {
    const connection = await connect({ servers: natsUrl });
    return new EventPublisher(
      connection,
      connection.jetstream(),
      `${namespace}.${eventSubject(ContactEvents.updated)}`,
      accountId,
    );
  }

  /** One event; resolves once JetStream has stored it. */
  async publish(): Promise<string> {
    const contact = contactSnapshot(this.accountId);
    const at = wallClock();
    const envelope: ContactUpdated = {
      id: randomUUID(),
      type: ContactEvents.updated,
      version: 1,
      account_id: this.accountId,
      occurred_at: new Date(at).toISOString(),
      data: { contact, changed_attributes: [{ name: { previous_value: null, current_value: contact.name } }] },
      meta: { actor: { type: 'system', id: null }, correlation_id: null, origin: 'bench' },
    };
    this.publishedAt.set(envelope.id, at);
    await this.jetstream.publish(this.subject, codec.encode(envelope), { msgID: envelope.id });
    return envelope.id;
  }

  /** `count` events as fast as JetStream takes them, at most `window` unacknowledged at once. */
  async burst(count: number, window = 256): Promise<string[]> {
    const ids: string[] = [];
    const inFlight = new Set<Promise<void>>();
    for (let index = 0; index < count; index++) {
      const publishing: Promise<void> = this.publish()
        .then((id) => void ids.push(id))
        .finally(() => inFlight.delete(publishing));
      inFlight.add(publishing);
      if (inFlight.size >= window) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
    return ids;
  }

  /**
   * Open loop: one event every 1/rate s for `seconds`, on schedule whether or not earlier
   * ones were delivered (a queue that builds up shows in the latency, as it would in production).
   */
  async steady(ratePerSecond: number, seconds: number): Promise<string[]> {
    const ids: string[] = [];
    const pending: Array<Promise<void>> = [];
    const start = performance.now();
    const count = Math.round(ratePerSecond * seconds);
    for (let index = 0; index < count; index++) {
      const due = start + (index * 1000) / ratePerSecond;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      pending.push(this.publish().then((id) => void ids.push(id)));
    }
    await Promise.all(pending);
    return ids;
  }

  close(): Promise<void> {
    return this.connection.close();
  }
}
