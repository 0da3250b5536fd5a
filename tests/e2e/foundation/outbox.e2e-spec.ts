import { LabelEvents } from '@parley/contracts';
import { createTestAccount, eventually, publishedEvents, readE2eState, restartService } from '@parley/testing';
import { Client } from 'pg';

/** The outbox rows of one label's creation, read straight from the messaging schema. */
async function outboxRowsFor(labelId: number): Promise<Array<{ id: string; published_at: Date | null }>> {
  const client = new Client({ connectionString: readE2eState().databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      `SELECT id, published_at FROM messaging.outbox WHERE type = $1 AND (payload -> 'data' -> 'label' ->> 'id')::int = $2`,
      [LabelEvents.created, labelId],
    );
    return result.rows;
  } finally {
    await client.end();
  }
}

async function markUnpublished(eventId: string): Promise<void> {
  const client = new Client({ connectionString: readE2eState().databaseUrl });
  await client.connect();
  try {
    await client.query('UPDATE messaging.outbox SET published_at = NULL WHERE id = $1', [eventId]);
  } finally {
    await client.end();
  }
}

const eventsFor = async (labelId: number) =>
  (await publishedEvents<{ label: { id: number } }>(LabelEvents.created)).filter(
    (event) => event.data.label.id === labelId,
  );

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
});
