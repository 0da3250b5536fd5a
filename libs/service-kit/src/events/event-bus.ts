import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  EVENT_SUBJECT_ROOT,
  eventSubject,
  REALTIME_RETENTION,
  REALTIME_STREAM,
  REALTIME_SUBJECT,
  type EventEnvelope,
  type RealtimeFrame,
  type RealtimeFrameBatch,
} from '@parley/contracts';
import {
  connect,
  headers as natsHeaders,
  JSONCodec,
  nanos,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
  type PubAck,
  type StreamConfig,
  type Subscription,
} from 'nats';
import type { ServiceConfig } from '../config/service-config';
import { SERVICE_CONFIG } from '../config/tokens';
import { AckedPublisher } from './acked-publisher';
import { CORRELATION_HEADER } from '../logging/request-context';
import { namespaced, namespacedStream } from '../rpc/namespace';
import { NATS_CONNECTION_DEFAULTS } from '../rpc/nats-connection-defaults';

const codec = JSONCodec<EventEnvelope>();
const textEncoder = new TextEncoder();
const DAY_MS = 24 * 60 * 60 * 1000;
/** JetStream API calls wait this long: on a cluster they go through its consensus, slower than one server. */
const API_TIMEOUT_MS = 10_000;

/** An outbox row as the relay publishes it: the envelope's JSON text, not parsed and encoded again. */
export interface StoredEvent {
  id: string;
  type: string;
  correlationId: string | null;
  json: string;
}

/**
 * The JetStream side of the system: stream set-up, publishing with de-duplication by
 * event id, and plain subscriptions for listeners that need every event on every replica.
 * Request/reply stays on Nest's transport; this is the only place that knows the client API.
 */
@Injectable()
export class EventBus {
  private readonly logger = new Logger(EventBus.name);
  private connection: NatsConnection | null = null;
  private manager: JetStreamManager | null = null;
  private client: JetStreamClient | null = null;
  private publisher: AckedPublisher | null = null;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: ServiceConfig) {}

  get eventsStream(): string {
    return namespacedStream(this.config.nats.namespace, 'PARLEY_EVENTS');
  }

  get deadLetterStream(): string {
    return namespacedStream(this.config.nats.namespace, 'PARLEY_DEAD_LETTERS');
  }

  /** Realtime frames for `/cable` clients, kept for a reconnect's `resume` (24 h / 10,000). */
  get realtimeStream(): string {
    return namespacedStream(this.config.nats.namespace, REALTIME_STREAM);
  }

  get realtimeSubject(): string {
    return namespaced(this.config.nats.namespace, REALTIME_SUBJECT);
  }

  /** Publishes a realtime frame once per `id` (a redelivered event is dropped as a duplicate). */
  async publishRealtime(frame: RealtimeFrame | RealtimeFrameBatch, id: string): Promise<PubAck> {
    return this.acked.publish(this.realtimeSubject, JSONCodec<RealtimeFrame | RealtimeFrameBatch>().encode(frame), {
      msgID: id,
    });
  }

  subjectOf(type: string): string {
    return namespaced(this.config.nats.namespace, eventSubject(type));
  }

  async connect(): Promise<void> {
    if (this.connection) return;
    this.connection = await connect({
      servers: this.config.nats.servers,
      name: `${this.config.service}-events`,
      ...NATS_CONNECTION_DEFAULTS,
    });
    this.manager = await retryWhileElecting(() => this.connection!.jetstreamManager({ timeout: API_TIMEOUT_MS }));
    this.client = this.connection.jetstream({ timeout: API_TIMEOUT_MS });
    this.publisher = new AckedPublisher(this.connection, API_TIMEOUT_MS);
    await retryWhileElecting(() => this.ensureStreams());
  }

  get nats(): NatsConnection {
    if (!this.connection) throw new Error('EventBus is not connected');
    return this.connection;
  }

  get jetstream(): JetStreamClient {
    if (!this.client) throw new Error('EventBus is not connected');
    return this.client;
  }

  private get acked(): AckedPublisher {
    if (!this.publisher) throw new Error('EventBus is not connected');
    return this.publisher;
  }

  get jetstreamManager(): JetStreamManager {
    if (!this.manager) throw new Error('EventBus is not connected');
    return this.manager;
  }

  isConnected(): boolean {
    return !!this.connection && !this.connection.isClosed();
  }

  /** Publishes an event as stored, once per event id: JetStream drops a repeat inside its duplicate window. */
  async publish(event: StoredEvent): Promise<PubAck> {
    const headers = natsHeaders();
    if (event.correlationId) headers.set(CORRELATION_HEADER, event.correlationId);
    return this.acked.publish(this.subjectOf(event.type), textEncoder.encode(event.json), {
      msgID: event.id,
      headers,
    });
  }

  /** Publishes a raw message to a subject of the dead-letter stream. */
  async publishDeadLetter(subject: string, data: Uint8Array, reason: string): Promise<void> {
    const headers = natsHeaders();
    headers.set('x-dead-letter-reason', reason.slice(0, 500));
    await this.acked.publish(namespaced(this.config.nats.namespace, subject), data, { headers });
  }

  /**
   * A plain (not durable) subscription: every replica sees every matching event while it is
   * connected. For cache invalidation, never for work that must not be lost.
   */
  listen(typePattern: string, handler: (event: EventEnvelope) => void): Subscription {
    return this.nats.subscribe(this.subjectOf(typePattern), {
      callback: (error, message) => {
        if (error) return this.logger.warn(`Listener on ${typePattern} failed: ${error.message}`);
        try {
          handler(codec.decode(message.data));
        } catch (failure) {
          this.logger.warn(`Listener on ${typePattern} could not handle a message: ${(failure as Error).message}`);
        }
      },
    });
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    // Draining lets acknowledgements already on their way settle their publishes first.
    if (connection && !connection.isClosed()) await connection.drain();
    this.publisher?.close();
    this.publisher = null;
  }

  /** Idempotent: creates the streams, or brings an existing one's settings up to date. */
  async ensureStreams(): Promise<void> {
    const namespace = this.config.nats.namespace;
    await this.ensureStream({
      name: this.eventsStream,
      subjects: [namespaced(namespace, `${EVENT_SUBJECT_ROOT}.>`)],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: nanos(7 * DAY_MS),
      duplicate_window: nanos(2 * 60 * 1000),
    });
    await this.ensureStream({
      name: this.realtimeStream,
      subjects: [this.realtimeSubject],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: nanos(REALTIME_RETENTION.maxAgeMs),
      max_msgs: REALTIME_RETENTION.maxEvents,
      duplicate_window: nanos(2 * 60 * 1000),
    });
    await this.ensureStream({
      name: this.deadLetterStream,
      subjects: [namespaced(namespace, 'dlq.>')],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: nanos(30 * DAY_MS),
    });
  }

  private async ensureStream(settings: Partial<StreamConfig> & { name: string }): Promise<void> {
    const manager = this.jetstreamManager;
    // Replicas apply to an existing stream too: a cluster's operator raises them by restarting the services.
    const config = { ...settings, num_replicas: this.config.nats.streamReplicas };
    try {
      const current = (await manager.streams.info(config.name)).config;
      // An update is a round of the cluster's consensus: only when something changed.
      const changed = (Object.keys(config) as Array<keyof StreamConfig>).some(
        (key) => JSON.stringify(current[key]) !== JSON.stringify(config[key]),
      );
      if (changed) await manager.streams.update(config.name, config);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      try {
        await manager.streams.add(config);
      } catch (raced) {
        // Another service created it between our look-up and our add: the server then answers
        // "already in use" or, while the other's add is still settling, "subjects overlap".
        if (!(await this.streamExists(config.name))) throw raced;
      }
    }
  }

  private async streamExists(name: string): Promise<boolean> {
    try {
      await this.jetstreamManager.streams.info(name);
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }
}

/**
 * Retries a start-up call to the JetStream API while a cluster elects its leaders (it then
 * times out or answers "no responders" for a few seconds); any other error is final.
 */
export async function retryWhileElecting<T>(work: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const message = (error as Error)?.message ?? '';
      if (attempt >= attempts || !/timeout|no responders|503|not available|no suitable peers/i.test(message))
        throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

function isNotFound(error: unknown): boolean {
  return /not found/i.test((error as Error)?.message ?? '');
}
