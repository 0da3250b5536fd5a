import { LabelEvents } from '@parley/contracts';
import { OUTBOX_CLAIM_FLOOR_LAG_MS } from '@parley/service-kit';
import {
  createTestAccount,
  e2eDatabaseClient,
  e2eQuery,
  eventually,
  natsMaxPayload,
  publishedEvents,
  restartService,
  type TestAccount,
} from '@parley/testing';
import { randomUUID } from 'node:crypto';

/** The outbox rows of one label's creation, read straight from the messaging schema. */
function outboxRowsFor(labelId: number): Promise<Array<{ id: string; published_at: Date | null }>> {
  return e2eQuery(
    `SELECT id, published_at FROM messaging.outbox WHERE type = $1 AND (payload -> 'data' -> 'label' ->> 'id')::int = $2`,
    [LabelEvents.created, labelId],
  );
}

async function markUnpublished(eventId: string): Promise<void> {
  await e2eQuery('UPDATE messaging.outbox SET published_at = NULL WHERE id = $1', [eventId]);
}

const eventsFor = async (labelId: number) =>
  (await publishedEvents<{ label: { id: number } }>(LabelEvents.created)).filter(
    (event) => event.data.label.id === labelId,
  );

/** A new label and its one published event. */
async function labelWithEvent(account: TestAccount, title: string) {
  const created = await account.admin.api.post('/labels', { title });
  const [original] = await eventually(async () => {
    const found = await eventsFor(created.body.id);
    expect(found).toHaveLength(1);
    return found;
  });
  return { label: created.body as { id: number }, original };
}

describe('transactional outbox', () => {
  afterAll(async () => {
    await restartService('messaging');
  });

  it('publishes an event committed while the relay was stopped once it runs again, exactly once', async () => {
    const account = await createTestAccount();
    await restartService('messaging', { env: { OUTBOX_RELAY_ENABLED: 'false' } });

    const created = await account.admin.api.post('/labels', { title: 'written-while-relay-down' });
    expect(created.status).toBe(201);
    const [row] = await outboxRowsFor(created.body.id);
    expect(row.published_at).toBeNull();
    expect(await eventsFor(created.body.id)).toHaveLength(0);

    await restartService('messaging');
    const events = await eventually(async () => {
      const found = await eventsFor(created.body.id);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(events[0].id).toBe(row.id);
    await eventually(async () => expect((await outboxRowsFor(created.body.id))[0].published_at).not.toBeNull());

    // A crash between publishing and marking the row: the relay publishes it again,
    // and JetStream drops the repeat by its message id.
    await markUnpublished(row.id);
    await eventually(async () => expect((await outboxRowsFor(created.body.id))[0].published_at).not.toBeNull(), {
      timeoutMs: 5000,
    });
    expect(await eventsFor(created.body.id)).toHaveLength(1);
  });

  it('publishes the event of a transaction that stayed open while later events went out', async () => {
    const account = await createTestAccount();
    const { label, original } = await labelWithEvent(account, 'before-the-long-transaction');
    // The same label's event again under an id of its own: consumers take it as a repeat of the label.
    const straggler = { ...original, id: randomUUID() };

    const open = await e2eDatabaseClient();
    try {
      await open.query('BEGIN');
      await open.query('INSERT INTO messaging.outbox (id, type, payload) VALUES ($1, $2, $3)', [
        straggler.id,
        straggler.type,
        straggler,
      ]);
      // Later events are claimed and published while it stays open, for longer than the floor lags.
      const openedAt = Date.now();
      for (let title = 0; Date.now() - openedAt < OUTBOX_CLAIM_FLOOR_LAG_MS + 1000; title++) {
        const later = await account.admin.api.post('/labels', { title: `while-open-${title}` });
        await eventually(async () => expect(await eventsFor(later.body.id)).toHaveLength(1));
      }
      await open.query('COMMIT');
    } finally {
      await open.end();
    }
    await eventually(async () =>
      expect((await eventsFor(label.id)).map((event) => event.id)).toEqual([original.id, straggler.id]),
    );
  });

  it('parks an event too large for NATS, and publishes the events after it', async () => {
    const account = await createTestAccount();
    const { label, original } = await labelWithEvent(account, 'before-the-oversized-event');
    // Larger than this NATS server takes in one message, whatever its max_payload is set to.
    const maxPayload = await natsMaxPayload();
    const oversized = {
      ...original,
      id: randomUUID(),
      data: { label: { ...original.data.label, description: 'x'.repeat(maxPayload) } },
    };
    await e2eQuery('INSERT INTO messaging.outbox (id, type, payload) VALUES ($1, $2, $3)', [
      oversized.id,
      oversized.type,
      oversized,
    ]);

    const later = await account.admin.api.post('/labels', { title: 'after-the-oversized-event' });
    await eventually(async () => expect(await eventsFor(later.body.id)).toHaveLength(1));
    // Marked too: a batch that failed on the oversized row would be rolled back and sent again and again.
    await eventually(async () => expect((await outboxRowsFor(later.body.id))[0].published_at).not.toBeNull());
    const [parked] = await e2eQuery<{ published_at: Date | null; parked_reason: string | null }>(
      'SELECT published_at, parked_reason FROM messaging.outbox WHERE id = $1',
      [oversized.id],
    );
    expect(parked.published_at).not.toBeNull();
    expect(parked.parked_reason).toMatch(/max_payload/);
    expect((await eventsFor(label.id)).map((event) => event.id)).toEqual([original.id]);
  });
});
