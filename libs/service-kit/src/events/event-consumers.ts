import { Inject, Injectable, Logger } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { deadLetterSubject, type EventEnvelope } from '@parley/contracts';
import { Metrics } from '../metrics/metrics';
import { inSpan } from '../tracing/tracing';
import {
  AckPolicy,
  ConsumerEvents,
  DeliverPolicy,
  nanos,
  type Consumer,
  type ConsumerMessages,
  type JsMsg,
} from 'nats';
import type { EntityManager } from 'typeorm';
import type { ServiceConfig } from '../config/service-config';
import { SERVICE_CONFIG } from '../config/tokens';
import { runInRequestContext } from '../logging/request-context';
import { EventBus, retryWhileElecting } from './event-bus';
import { BatchQueue } from './batch-queue';
import { DeletedAccounts } from './deleted-accounts';
import { claimInboxEntries } from './inbox';
import { eventProblem } from '../validation/contract-check';
import { collectRegistrations, type Registration } from './event-registrations';
import { Outbox } from './outbox';

interface RunningConsumer {
  durable: string;
  /** The current pull; replaced when the consumer resumes after losing its server. */
  messages: ConsumerMessages;
  stopped: boolean;
  done: Promise<void>;
}

interface Delivery {
  message: JsMsg;
  event: EventEnvelope;
}

const PULL_BATCH = 64;
/** Events applied in one transaction at most; bigger batches gain little and hold locks longer. */
const APPLY_BATCH = 32;
const MAX_RETRY_DELAY_MS = 30_000;
const MAX_RESUME_DELAY_MS = 5_000;
/**
 * A pull lasts this long; the server's heartbeats come at half of it, and two missed ones make
 * the client pull again. On a cluster, a pull left on a node that died is noticed within this
 * time (with the client's 30 s default, events waited half a minute after a node's loss).
 */
const PULL_EXPIRES_MS = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs every `@OnEvent` handler of the service on a durable pull consumer with explicit
 * acks: success → ack; failure → nak with back-off until `max_deliver`, then the message goes
 * to the dead-letter stream and is terminated. Malformed messages go there at once.
 * Events that arrive while a worker is busy are applied together in one transaction (fewer
 * round trips under load); if that fails, they are applied one by one, so one bad event
 * holds no other back.
 */
@Injectable()
export class EventConsumers {
  private readonly logger = new Logger(EventConsumers.name);
  private readonly running: RunningConsumer[] = [];
  private registrations: Registration[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly bus: EventBus,
    private readonly outbox: Outbox,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly metrics: Metrics,
    private readonly deletedAccounts: DeletedAccounts,
  ) {}

  private markStarted!: () => void;
  private readonly startedOnce = new Promise<void>((resolve) => (this.markStarted = resolve));

  async start(): Promise<void> {
    this.registrations = collectRegistrations(this.discovery, this.scanner, this.reflector, this.config.service);
    for (const registration of this.registrations) await this.consume(registration);
    this.markStarted();
  }

  /** Resolves once every consumer has started (work at boot that replays must wait for it). */
  started(): Promise<void> {
    return this.startedOnce;
  }

  /**
   * Applies every event the stream still holds again, for the consumers whose durable name
   * `matches`: stops them, deletes their durables, forgets their inbox records and runs `reset`
   * in one transaction, then consumes from the stream's first event. Events published meanwhile
   * wait in the stream; no other consumer stops. `fill`, when given, runs after the reset and
   * before the replay starts (a model refilled from the owners' history first): the consumers
   * start again whether it succeeds or not. Answers the durables replayed.
   */
  async replay(
    matches: (durable: string) => boolean,
    reset: (tx: EntityManager) => Promise<void>,
    fill?: () => Promise<void>,
  ): Promise<string[]> {
    const chosen = this.registrations.filter((registration) => matches(registration.durable));
    const durables = chosen.map((registration) => registration.durable);
    const stopping = this.running.filter((entry) => durables.includes(entry.durable));
    for (const entry of stopping) {
      entry.stopped = true;
      entry.messages.stop();
      this.running.splice(this.running.indexOf(entry), 1);
    }
    await Promise.all(stopping.map(({ done }) => done));
    for (const durable of durables) {
      await this.bus.jetstreamManager.consumers.delete(this.bus.eventsStream, durable).catch(() => undefined);
    }
    await this.outbox.transaction(async (tx) => {
      await tx.query(`DELETE FROM "${this.config.database!.schema}".inbox WHERE consumer = ANY($1::text[])`, [
        durables,
      ]);
      await reset(tx);
    });
    try {
      await fill?.();
    } finally {
      for (const registration of chosen) await this.consume(registration);
    }
    return durables;
  }

  /** The durable names of this service's consumers. */
  durables(): string[] {
    return this.registrations.map((registration) => registration.durable);
  }

  /** Events these consumers have not acknowledged yet (waiting or in hand). */
  async backlog(durables: string[]): Promise<number> {
    let total = 0;
    for (const durable of durables) {
      const info = await this.bus.jetstreamManager.consumers.info(this.bus.eventsStream, durable);
      total += info.num_pending + info.num_ack_pending;
    }
    return total;
  }

  /** Stops pulling and waits for the message being handled on each consumer. */
  async stop(): Promise<void> {
    const running = this.running.splice(0);
    for (const entry of running) {
      entry.stopped = true;
      entry.messages.stop();
    }
    await Promise.all(running.map(({ done }) => done));
  }

  private async consume(registration: Registration): Promise<void> {
    const { durable } = registration;
    const stream = this.bus.eventsStream;
    await retryWhileElecting(() => this.ensureConsumer(registration));
    let consumer: Consumer | null = null;
    const pull = async () => {
      consumer = await this.bus.jetstream.consumers.get(stream, durable);
      const messages = await consumer.consume({
        max_messages: Math.max(PULL_BATCH, registration.concurrency * 2),
        expires: PULL_EXPIRES_MS,
      });
      void this.endWhenGone(messages);
      return messages;
    };
    const entry: RunningConsumer = {
      durable,
      messages: await retryWhileElecting(pull),
      stopped: false,
      done: Promise.resolve(),
    };
    this.metrics.onScrape(async () => {
      if (consumer) this.metrics.consumerPending.set({ consumer: durable }, (await consumer.info(true)).num_pending);
    });
    const queue = new BatchQueue<JsMsg>();
    const worker = async () => {
      const take = () => queue.take(APPLY_BATCH, registration.gatherMs);
      for (let batch = await take(); batch.length > 0; batch = await take()) {
        await this.handleBatch(registration, batch);
      }
    };
    const workers = Array.from({ length: registration.concurrency }, worker);
    entry.done = (async () => {
      try {
        for (let failures = 0; ;) {
          try {
            for await (const message of entry.messages) queue.push(message);
          } catch (error) {
            this.logger.warn(`Consumer ${durable} was interrupted: ${(error as Error).message}`);
          }
          if (entry.stopped) return;
          // Ended without being asked (its NATS node lost, the consumer gone): pull again where it
          // was — the durable keeps the position, and the inbox drops what was applied already.
          await new Promise((resolve) => setTimeout(resolve, Math.min(MAX_RESUME_DELAY_MS, 250 * 2 ** failures)));
          if (entry.stopped) return;
          try {
            await this.bus.ensureStreams();
            await this.ensureConsumer(registration);
            entry.messages = await pull();
            if (entry.stopped) entry.messages.stop();
            failures = 0;
            this.logger.log(`Consumer ${durable} resumed`);
          } catch (error) {
            failures++;
            this.logger.warn(`Consumer ${durable} could not resume yet: ${(error as Error).message}`);
          }
        }
      } finally {
        queue.close();
        await Promise.all(workers);
      }
    })().catch((error) => this.logger.error(`Consumer ${durable} stopped: ${(error as Error).message}`));
    this.running.push(entry);
  }

  /**
   * The client keeps looking for a consumer (or stream) deleted from under it, but never makes it
   * again: lost with a server's disk, or removed by hand. End the pull, so that it resumes re-created.
   */
  private async endWhenGone(messages: ConsumerMessages): Promise<void> {
    const gone: string[] = [
      ConsumerEvents.ConsumerNotFound,
      ConsumerEvents.ConsumerDeleted,
      ConsumerEvents.StreamNotFound,
    ];
    for await (const status of await messages.status()) {
      if (gone.includes(status.type)) {
        messages.stop();
        return;
      }
    }
  }

  /** Creates the durable, or brings an existing one's settings (replicas, limits) up to date. */
  private async ensureConsumer(registration: Registration): Promise<void> {
    const stream = this.bus.eventsStream;
    const config = {
      durable_name: registration.durable,
      filter_subject: this.bus.subjectOf(registration.type),
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      max_deliver: this.config.consumers.maxDeliver,
      ack_wait: nanos(this.config.consumers.ackWaitMs),
      num_replicas: this.config.nats.streamReplicas,
    };
    try {
      await this.bus.jetstreamManager.consumers.add(stream, config);
    } catch (error) {
      if (!/already (exists|in use)/i.test((error as Error).message)) throw error;
      const { max_deliver, ack_wait, num_replicas } = config;
      await this.bus.jetstreamManager.consumers.update(stream, registration.durable, {
        max_deliver,
        ack_wait,
        num_replicas,
      });
    }
  }

  private async handleBatch(registration: Registration, messages: JsMsg[]): Promise<void> {
    const deliveries: Delivery[] = [];
    const consumer = registration.durable;
    for (const message of messages) {
      if (message.info.redelivered) this.metrics.redeliveries.inc({ consumer });
      const event = await this.parse(registration, message);
      if (!event) continue;
      let wanted: boolean;
      try {
        wanted = !registration.when || registration.when(event);
      } catch (error) {
        // A filter that cannot read the event: it lacks what its type promises (a crash loop otherwise).
        await this.deadLetter(registration, message, `malformed: ${(error as Error).message}`);
        continue;
      }
      if (!wanted) {
        message.ack();
        this.metrics.eventsHandled.inc({ consumer, outcome: 'skipped' });
      } else deliveries.push({ message, event });
    }
    const worthApplying = await this.sift(registration, deliveries);
    if (worthApplying.length === 0) return;
    if (worthApplying.length > 1) {
      try {
        await this.apply(registration, worthApplying);
        for (const { message } of worthApplying) message.ack();
        this.metrics.eventsHandled.inc({ consumer, outcome: 'applied' }, worthApplying.length);
        return;
      } catch {
        // Rolled back as a whole: find the culprit by applying them one at a time.
      }
    }
    for (const delivery of worthApplying) await this.handleOne(registration, delivery);
  }

  /** The deliveries the registration's `sift` keeps; the others are acknowledged as skipped. */
  private async sift(registration: Registration, deliveries: Delivery[]): Promise<Delivery[]> {
    if (!registration.sift || deliveries.length === 0) return deliveries;
    let kept: Set<EventEnvelope>;
    try {
      kept = new Set(await registration.sift(deliveries.map(({ event }) => event)));
    } catch (error) {
      this.logger.warn(`Consumer ${registration.durable} could not sift its events: ${(error as Error).message}`);
      return deliveries;
    }
    const skipped = deliveries.filter(({ event }) => !kept.has(event));
    for (const { message } of skipped) message.ack();
    if (skipped.length > 0)
      this.metrics.eventsHandled.inc({ consumer: registration.durable, outcome: 'skipped' }, skipped.length);
    return deliveries.filter(({ event }) => kept.has(event));
  }

  /** The envelope, or null once a malformed message has been dead-lettered. */
  private async parse(registration: Registration, message: JsMsg): Promise<EventEnvelope | null> {
    try {
      const event = message.json<EventEnvelope>();
      if (!event || typeof event.id !== 'string' || !UUID.test(event.id) || event.type !== registration.type) {
        throw new Error('not an event envelope of the expected type');
      }
      const problem = eventProblem(registration.type, event);
      if (problem) throw new Error(problem);
      return event;
    } catch (error) {
      await this.deadLetter(registration, message, `malformed: ${(error as Error).message}`);
      return null;
    }
  }

  private async handleOne(registration: Registration, { message, event }: Delivery): Promise<void> {
    try {
      await this.apply(registration, [{ message, event }]);
      message.ack();
      this.metrics.eventsHandled.inc({ consumer: registration.durable, outcome: 'applied' });
    } catch (error) {
      const attempt = message.info.deliveryCount;
      const reason = (error as Error)?.message ?? String(error);
      if (attempt >= this.config.consumers.maxDeliver) {
        await this.deadLetter(registration, message, `failed ${attempt} times: ${reason}`);
        return;
      }
      this.logger.warn(`Consumer ${registration.durable} failed on event ${event.id} (attempt ${attempt}): ${reason}`);
      message.nak(Math.min(MAX_RETRY_DELAY_MS, 250 * 2 ** attempt));
      this.metrics.eventsHandled.inc({ consumer: registration.durable, outcome: 'retried' });
    }
  }

  /**
   * One transaction: the inbox records, then the events not applied before (nor of deleted
   * accounts), in order. Idempotent handlers run without one (see OnEventsIdempotent).
   */
  private apply(registration: Registration, deliveries: Delivery[]): Promise<void> {
    const { handler } = registration;
    // The span and log context of the work on `event` (a batch's first event).
    const traced = (event: EventEnvelope, work: () => Promise<void>) =>
      inSpan(`${event.type} → ${registration.durable}`, 'consumer', { traceparent: event.meta?.traceparent }, () =>
        runInRequestContext(contextOf(event), work),
      );
    if (handler.idempotent) {
      // A redelivery in the same batch is applied once (and a later one is harmless).
      const events = [...new Map(deliveries.map(({ event }) => [event.id, event])).values()];
      return traced(events[0], () => handler.run(events));
    }
    return this.outbox.transaction(async (tx, emit, sendMail) => {
      const all = deliveries.map(({ event }) => event);
      // One statement takes the accounts' shared locks and records the events (a round trip less).
      const fresh = await claimInboxEntries(
        tx,
        this.config.database!.schema,
        registration.durable,
        all.map((event) => event.id),
        this.deletedAccounts.lockOf(all),
      );
      // delete: the same event twice in one batch (a redelivery) is applied once
      const unseen = all.filter((event) => fresh.delete(event.id));
      const events = await this.deletedAccounts.refuseLocked(tx, unseen);
      if (events.length === 0) return;
      if (handler.batch) return traced(events[0], () => handler.run(events, tx, emit, sendMail));
      for (const event of events) await traced(event, () => handler.run(event, tx, emit, sendMail));
    });
  }

  private async deadLetter(registration: Registration, message: JsMsg, reason: string): Promise<void> {
    this.logger.error(`Consumer ${registration.durable} dead-letters message ${message.seq}: ${reason}`);
    try {
      await this.bus.publishDeadLetter(
        deadLetterSubject(registration.durable, registration.type),
        message.data,
        reason,
      );
      message.term();
      this.metrics.eventsHandled.inc({ consumer: registration.durable, outcome: 'dead_lettered' });
    } catch (error) {
      // Could not park it: leave it unacknowledged so JetStream offers it again.
      this.logger.error(`Dead-lettering failed: ${(error as Error).message}`);
      message.nak(MAX_RETRY_DELAY_MS);
    }
  }
}

/** Log lines of a handler carry the event's correlation id (the first event's, for a batch). */
function contextOf(event: EventEnvelope): { correlationId: string; origin?: string } {
  return { correlationId: event.meta?.correlation_id ?? event.id, origin: event.meta?.origin };
}
