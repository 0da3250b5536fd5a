import { ContactEvents, eventSubject, type EventEnvelope, type EventMap } from '@parley/contracts';
import { contactSnapshot } from '@parley/testing';
import { connect, JSONCodec, type JetStreamClient, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { burstOf, steadyOf } from './open-loop';

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
  burst(count: number, window = 256): Promise<string[]> {
    return burstOf(count, window, () => this.publish());
  }

  /** Open loop: one event every 1/rate s for `seconds` (see steadyOf). */
  steady(ratePerSecond: number, seconds: number): Promise<string[]> {
    return steadyOf(ratePerSecond, seconds, () => this.publish());
  }

  close(): Promise<void> {
    return this.connection.close();
  }
}
