import { Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { deadLetterSubject, eventSubject, LabelEvents, type EventEnvelope } from '@parley/contracts';
import { createRunDatabase, dropRunDatabase, eventually, readE2eState } from '@parley/testing';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import {
  deletedAccountsMigration,
  EventBus,
  EventConsumers,
  kitTablesMigration,
  namespaced,
  namespacedStream,
  OnEvent,
  OnEvents,
  parkedEventsMigration,
  ServiceKitModule,
} from '@parley/service-kit';
import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';

class ProbeTable1732233600001 implements MigrationInterface {
  name = 'ProbeTable1732233600001';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE TABLE reporting.applied (position bigserial, event_id uuid NOT NULL, handler text NOT NULL, tx bigint)',
    );
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE reporting.applied');
  }
}

/** How long the gathering handler lets a batch that is not full wait for more. */
const GATHER_MS = 1_000;

/** A consumer whose effect is a row per application, and which can be told to fail. */
@Injectable()
class Recorder {
  failuresBeforeSuccess = 0;
  attempts = 0;

  @OnEvent(LabelEvents.created)
  async onCreated(event: EventEnvelope, tx: EntityManager): Promise<void> {
    this.attempts++;
    if (this.failuresBeforeSuccess > 0) {
      this.failuresBeforeSuccess--;
      throw new Error('transient failure');
    }
    await tx.query(`INSERT INTO reporting.applied (event_id, handler) VALUES ($1, 'created')`, [event.id]);
  }

  /** While set, the next event waits for it: the ones published meanwhile pile up. */
  hold: { entered: () => void; release: Promise<void> } | null = null;

  @OnEvent(LabelEvents.updated)
  async onUpdated(event: EventEnvelope, tx: EntityManager): Promise<void> {
    const hold = this.hold;
    if (hold) {
      this.hold = null;
      hold.entered();
      await hold.release;
    }
    if ((event.data as { poison?: boolean }).poison) throw new Error('poisoned event');
    await tx.query(`INSERT INTO reporting.applied (event_id, handler, tx) VALUES ($1, 'updated', txid_current())`, [
      event.id,
    ]);
  }

  /** Calls of the batch handler, each with the ids it was given. */
  batchCalls: string[][] = [];
  holdBatch: { entered: () => void; release: Promise<void> } | null = null;

  @OnEvents(LabelEvents.created, { purpose: 'created_in_batches' })
  async onCreatedInBatches(events: EventEnvelope[], tx: EntityManager): Promise<void> {
    const hold = this.holdBatch;
    if (hold) {
      this.holdBatch = null;
      hold.entered();
      await hold.release;
    }
    this.batchCalls.push(events.map((event) => event.id));
    await tx.query(
      `INSERT INTO reporting.applied (event_id, handler, tx) SELECT id, 'batch', txid_current() FROM unnest($1::uuid[]) WITH ORDINALITY AS e(id, n) ORDER BY n`,
      [events.map((event) => event.id)],
    );
  }

  /** Calls of the gathering handler, each with the ids it was given. */
  gatheredCalls: string[][] = [];

  @OnEvents(LabelEvents.created, { purpose: 'created_gathered', gatherMs: GATHER_MS })
  async onCreatedGathered(events: EventEnvelope[]): Promise<void> {
    this.gatheredCalls.push(events.map((event) => event.id));
  }

  /** Its filter reads a field every label event carries; an event without it cannot be filtered. */
  @OnEvent(LabelEvents.created, {
    purpose: 'created_filtered',
    when: (event) => (event.data as { label: { title: string } }).label.title !== '',
  })
  async onCreatedFiltered(event: EventEnvelope, tx: EntityManager): Promise<void> {
    await tx.query(`INSERT INTO reporting.applied (event_id, handler) VALUES ($1, 'filtered')`, [event.id]);
  }

  /** While set, sifting fails (the handler then gets every event). */
  siftFails = false;

  /** Keeps the events whose label is not titled `skip`. */
  async keepUnskipped(events: EventEnvelope[]): Promise<EventEnvelope[]> {
    if (this.siftFails) throw new Error('sifting failed');
    return events.filter((event) => (event.data as { label: { title: string } }).label.title !== 'skip');
  }

  @OnEvents(LabelEvents.created, {
    purpose: 'created_sifted',
    sift: (recorder: Recorder, events) => recorder.keepUnskipped(events),
  })
  async onCreatedSifted(events: EventEnvelope[], tx: EntityManager): Promise<void> {
    await tx.query(
      `INSERT INTO reporting.applied (event_id, handler) SELECT id, 'sifted' FROM unnest($1::uuid[]) AS e(id)`,
      [events.map((event) => event.id)],
    );
  }

  @OnEvent(LabelEvents.deleted)
  async onDeleted(event: EventEnvelope, tx: EntityManager): Promise<void> {
    await tx.query(`INSERT INTO reporting.applied (event_id, handler) VALUES ($1, 'deleted')`, [event.id]);
    throw new Error('always fails after writing');
  }
}

const codec = JSONCodec<unknown>();

describe('event consumers (real PostgreSQL + JetStream)', () => {
  const state = readE2eState();
  const namespace = `${state.namespace}_kit`;
  const databaseName = `${new URL(state.databaseUrl).pathname.slice(1)}_kit`;
  let app: INestApplicationContext;
  let nats: NatsConnection;
  let recorder: Recorder;

  const adminUrl = () => {
    const url = new URL(state.databaseUrl);
    url.pathname = '/postgres';
    return url.toString();
  };

  let dataSourceQuery: (sql: string, params: unknown[]) => Promise<Array<Record<string, any>>>;
  const applied = async (eventId: string, handler: string): Promise<number> => {
    const rows = await dataSourceQuery(
      'SELECT count(*)::int AS n FROM reporting.applied WHERE event_id = $1 AND handler = $2',
      [eventId, handler],
    );
    return rows[0].n;
  };

  const envelope = (type: string): EventEnvelope => ({
    id: randomUUID(),
    type,
    version: 1,
    account_id: 1,
    occurred_at: new Date().toISOString(),
    // Well-formed for its type: services dead-letter events that break their contract.
    data: {
      label: { id: 1, title: 'x', description: null, color: '#1f93ff', show_on_sidebar: true },
      ...(type === LabelEvents.updated ? { changed_attributes: [] } : {}),
    },
    meta: { actor: { type: 'system', id: null }, correlation_id: 'test', origin: 'test' },
  });

  /** Makes the consumer of label updates wait inside its first event until `release()`. */
  const holdNextUpdate = async (): Promise<{ entered: Promise<void>; release: () => void }> => {
    let entered!: () => void;
    let release!: () => void;
    const enteredPromise = new Promise<void>((resolve) => (entered = resolve));
    recorder.hold = { entered, release: new Promise<void>((resolve) => (release = resolve)) };
    return { entered: enteredPromise, release };
  };

  const appliedUpdates = async (ids: string[]): Promise<Array<{ event_id: string; tx: string }>> =>
    (await dataSourceQuery(
      `SELECT event_id, tx FROM reporting.applied WHERE handler = 'updated' AND event_id = ANY($1::uuid[]) ORDER BY position`,
      [ids],
    )) as Array<{
      event_id: string;
      tx: string;
    }>;

  /** Publishes like the relay does, but with a message id of our choosing (to bypass de-duplication). */
  const publish = (event: EventEnvelope, msgID = randomUUID()) =>
    nats.jetstream().publish(namespaced(namespace, eventSubject(event.type)), codec.encode(event), { msgID });

  beforeAll(async () => {
    const databaseUrl = await createRunDatabase(adminUrl(), databaseName);
    @Module({
      imports: [
        ServiceKitModule.forRoot({
          service: 'reporting',
          schema: {
            migrations: [
              kitTablesMigration('reporting'),
              ProbeTable1732233600001,
              deletedAccountsMigration('reporting'),
              parkedEventsMigration('reporting'),
            ],
          },
          env: {
            DATABASE_URL: databaseUrl,
            NATS_URL: state.natsUrl,
            NATS_NAMESPACE: namespace,
            CONSUMER_MAX_DELIVER: '3',
            LOG_LEVEL: 'silent',
          },
        }),
      ],
      providers: [Recorder],
    })
    class ProbeModule {}
    app = await NestFactory.createApplicationContext(ProbeModule, { logger: false });
    const { DataSource } = await import('typeorm');
    const dataSource = app.get(DataSource);
    dataSourceQuery = (sql, params) => dataSource.query(sql, params);
    recorder = app.get(Recorder);
    await app.get(EventConsumers).start();
    nats = await connect({ servers: state.natsUrl });
  });

  afterAll(async () => {
    await app.get(EventConsumers).stop();
    await app.get(EventBus).close();
    await app.close();
    await nats.close();
    await dropRunDatabase(adminUrl(), databaseName);
  });

  it('applies an event once when JetStream delivers it twice', async () => {
    const event = envelope(LabelEvents.created);
    await publish(event);
    const second = await publish(event);
    await eventually(async () => {
      const consumer = await app
        .get(EventBus)
        .jetstreamManager.consumers.info(
          namespacedStream(namespace, 'PARLEY_EVENTS'),
          'reporting__messaging_label_created',
        );
      expect(consumer.ack_floor.stream_seq).toBeGreaterThanOrEqual(second.seq);
    });
    expect(await applied(event.id, 'created')).toBe(1);
    // The repeat was recognised by the inbox before the handler ran.
    expect(recorder.attempts).toBe(1);
  });

  it('retries a failing handler with back-off until it succeeds', async () => {
    recorder.attempts = 0;
    recorder.failuresBeforeSuccess = 2;
    const event = envelope(LabelEvents.created);
    await publish(event);
    await eventually(async () => expect(await applied(event.id, 'created')).toBe(1), { timeoutMs: 15_000 });
    expect(recorder.attempts).toBe(3);
  });

  it('rolls back a failed attempt and dead-letters the event after max_deliver attempts', async () => {
    const deadLetters = await nats.jetstream().consumers.get(namespacedStream(namespace, 'PARLEY_DEAD_LETTERS'), {
      filterSubjects: namespaced(
        namespace,
        deadLetterSubject('reporting__messaging_label_deleted', LabelEvents.deleted),
      ),
    });
    const event = envelope(LabelEvents.deleted);
    await publish(event);
    const parked = await deadLetters.next({ expires: 20_000 });
    expect(parked).not.toBeNull();
    expect((parked!.json() as EventEnvelope).id).toBe(event.id);
    expect(parked!.headers?.get('x-dead-letter-reason')).toMatch(/failed 3 times: always fails after writing/);
    // Each attempt's write was rolled back with its transaction.
    expect(await applied(event.id, 'deleted')).toBe(0);
  });

  it('dead-letters a malformed message at once', async () => {
    const deadLetters = await nats.jetstream().consumers.get(namespacedStream(namespace, 'PARLEY_DEAD_LETTERS'), {
      filterSubjects: namespaced(
        namespace,
        deadLetterSubject('reporting__messaging_label_created', LabelEvents.created),
      ),
    });
    await nats
      .jetstream()
      .publish(namespaced(namespace, eventSubject(LabelEvents.created)), new TextEncoder().encode('not json'));
    const parked = await deadLetters.next({ expires: 10_000 });
    expect(parked).not.toBeNull();
    expect(new TextDecoder().decode(parked!.data)).toBe('not json');
    expect(parked!.headers?.get('x-dead-letter-reason')).toMatch(/^malformed/);
  });

  it('dead-letters an event its filter cannot read, and goes on consuming', async () => {
    const deadLetters = await nats.jetstream().consumers.get(namespacedStream(namespace, 'PARLEY_DEAD_LETTERS'), {
      filterSubjects: namespaced(namespace, deadLetterSubject('reporting__created_filtered', LabelEvents.created)),
    });
    const unreadable = { ...envelope(LabelEvents.created), data: {} };
    await publish(unreadable);
    // Earlier tests' malformed messages were parked by this consumer too: find ours among them.
    let reason: string | undefined;
    while (reason === undefined) {
      const parked = await deadLetters.next({ expires: 10_000 });
      if (!parked) break;
      if (new TextDecoder().decode(parked.data).includes(unreadable.id))
        reason = parked.headers?.get('x-dead-letter-reason') ?? '';
    }
    expect(reason).toMatch(/^malformed/);
    const next = envelope(LabelEvents.created);
    await publish(next);
    await eventually(async () => expect(await applied(next.id, 'filtered')).toBe(1));
  });

  it('applies events that piled up together, once each and in stream order', async () => {
    const hold = await holdNextUpdate();
    const first = envelope(LabelEvents.updated);
    await publish(first);
    await hold.entered;
    const burst = Array.from({ length: 20 }, () => envelope(LabelEvents.updated));
    for (const event of burst) await publish(event);
    hold.release();
    const ids = [first, ...burst].map((event) => event.id);
    await eventually(async () => expect((await appliedUpdates(ids)).map((row) => row.event_id)).toEqual(ids));
    // The 20 that waited behind the first shared a transaction instead of taking one each.
    const transactions = new Set((await appliedUpdates(ids)).slice(1).map((row) => row.tx));
    expect(transactions.size).toBe(1);
  });

  it('sets a failing event of a batch aside and applies the others of that batch', async () => {
    const deadLetters = await nats.jetstream().consumers.get(namespacedStream(namespace, 'PARLEY_DEAD_LETTERS'), {
      filterSubjects: namespaced(
        namespace,
        deadLetterSubject('reporting__messaging_label_updated', LabelEvents.updated),
      ),
    });
    const hold = await holdNextUpdate();
    const first = envelope(LabelEvents.updated);
    await publish(first);
    await hold.entered;
    // A well-formed event (services refuse malformed ones before any handler) that the handler fails on.
    const poisoned = envelope(LabelEvents.updated);
    poisoned.data = { ...(poisoned.data as object), poison: true };
    const before = Array.from({ length: 5 }, () => envelope(LabelEvents.updated));
    const after = Array.from({ length: 5 }, () => envelope(LabelEvents.updated));
    for (const event of [...before, poisoned, ...after]) await publish(event);
    hold.release();
    const good = [first, ...before, ...after].map((event) => event.id);
    await eventually(async () => expect((await appliedUpdates(good)).map((row) => row.event_id)).toEqual(good));
    const parked = await deadLetters.next({ expires: 20_000 });
    expect(parked).not.toBeNull();
    expect((parked!.json() as EventEnvelope).id).toBe(poisoned.id);
    expect(parked!.headers?.get('x-dead-letter-reason')).toMatch(/failed 3 times: poisoned event/);
    expect(await appliedUpdates([poisoned.id])).toEqual([]);
  });

  it('gives a batch handler the events that piled up in one call, in stream order, each once', async () => {
    let entered!: () => void;
    let release!: () => void;
    const enteredPromise = new Promise<void>((resolve) => (entered = resolve));
    recorder.holdBatch = { entered, release: new Promise<void>((resolve) => (release = resolve)) };
    const first = envelope(LabelEvents.created);
    await publish(first);
    await enteredPromise;
    const burst = Array.from({ length: 20 }, () => envelope(LabelEvents.created));
    for (const event of burst) await publish(event);
    await publish(burst[3], randomUUID()); // JetStream hands it over twice: applied once
    release();
    const ids = [first, ...burst].map((event) => event.id);
    const appliedInBatches = async () =>
      (
        await dataSourceQuery(
          `SELECT event_id FROM reporting.applied WHERE handler = 'batch' AND event_id = ANY($1::uuid[]) ORDER BY position`,
          [ids],
        )
      ).map((row) => row.event_id);
    await eventually(async () => expect(await appliedInBatches()).toEqual(ids));
    const burstCall = recorder.batchCalls.find((call) => call.includes(burst[0].id));
    expect(burstCall).toEqual(burst.map((event) => event.id));
  });

  it('gives a gathering handler a trickle of events in one call once the first has waited its time', async () => {
    // Earlier tests' label events reach this handler too: let it hand over what it holds first.
    const earlier = envelope(LabelEvents.created);
    await publish(earlier);
    await eventually(async () => expect(recorder.gatheredCalls.flat()).toContain(earlier.id));
    const [first, ...rest] = Array.from({ length: 5 }, () => envelope(LabelEvents.created));
    const publishedAt = Date.now();
    const firstStored = await publish(first);
    // A trickle, not a pile: the others come once the first has been handed to the consumer.
    await eventually(async () => {
      const consumer = await app
        .get(EventBus)
        .jetstreamManager.consumers.info(namespacedStream(namespace, 'PARLEY_EVENTS'), 'reporting__created_gathered');
      expect(consumer.delivered.stream_seq).toBeGreaterThanOrEqual(firstStored.seq);
    });
    for (const event of rest) await publish(event);
    const callOf = () => recorder.gatheredCalls.find((call) => call.includes(first.id));
    await eventually(async () => expect(callOf()).toBeDefined());
    expect(Date.now() - publishedAt).toBeGreaterThanOrEqual(GATHER_MS);
    expect(callOf()).toEqual([first, ...rest].map((event) => event.id));
  });

  it('acknowledges the events its sift leaves out without a transaction, and hands every event over when sifting fails', async () => {
    const titled = (title: string) => {
      const event = envelope(LabelEvents.created);
      (event.data as { label: { title: string } }).label.title = title;
      return event;
    };
    const [kept, skipped, last] = [titled('keep'), titled('skip'), titled('keep too')];
    for (const event of [kept, skipped, last]) await publish(event);
    // In stream order: once the last is applied, the skipped one has been handled before it.
    await eventually(async () => expect(await applied(last.id, 'sifted')).toBe(1));
    expect(await applied(kept.id, 'sifted')).toBe(1);
    expect(await applied(skipped.id, 'sifted')).toBe(0);
    const inbox = async (id: string) =>
      (
        await dataSourceQuery(
          `SELECT count(*)::int AS n FROM reporting.inbox WHERE consumer = 'reporting__created_sifted' AND event_id = $1`,
          [id],
        )
      )[0].n;
    expect(await inbox(kept.id)).toBe(1);
    expect(await inbox(skipped.id)).toBe(0);

    recorder.siftFails = true;
    try {
      const unsifted = titled('skip');
      await publish(unsifted);
      await eventually(async () => expect(await applied(unsifted.id, 'sifted')).toBe(1));
    } finally {
      recorder.siftFails = false;
    }
  });

  it('makes its durable again when it is deleted from under it (a server lost with its disk), and goes on consuming', async () => {
    const before = envelope(LabelEvents.created);
    await publish(before);
    await eventually(async () => expect(await applied(before.id, 'created')).toBe(1));
    const durable = `reporting__${LabelEvents.created.replace(/[^A-Za-z0-9_-]/g, '_')}`;
    const manager = await nats.jetstreamManager();
    const stream = namespacedStream(namespace, 'PARLEY_EVENTS');
    await manager.consumers.delete(stream, durable);
    const after = envelope(LabelEvents.created);
    await publish(after);
    await eventually(async () => expect(await applied(after.id, 'created')).toBe(1), { timeoutMs: 20_000 });
    expect((await manager.consumers.info(stream, durable)).config.durable_name).toBe(durable);
    // Made again, it starts from the stream's first event: the inbox applies nothing twice.
    expect(await applied(before.id, 'created')).toBe(1);
  });
});
