import { Client } from 'pg';
import { acknowledgedBy } from '../events/published-events';
import { eventually } from '../eventually';
import { readE2eState } from '../harness/e2e-state';

async function query<T>(sql: string, params: unknown[]): Promise<T[]> {
  const client = new Client({ connectionString: readE2eState().databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Waits until the webhook dispatcher has consumed an event: from then on its deliveries exist
 * (or never will), so "nothing was delivered" can be asserted without waiting an arbitrary time.
 * Consumed: recorded in its inbox (fanned out), or acknowledged by its durable consumer without
 * one (left out before any transaction, as an event with no recipient).
 */
export async function dispatcherConsumed(event: { id: string; type: string }): Promise<void> {
  await eventually(
    async () => {
      const rows = await query('SELECT 1 FROM webhook_dispatcher.inbox WHERE event_id = $1', [event.id]);
      if (rows.length > 0) return;
      if (!(await acknowledgedBy('webhook-dispatcher', event)))
        throw new Error(`event ${event.id} is not consumed yet`);
    },
    { timeoutMs: 15_000, description: `The dispatcher consuming event ${event.id}` },
  );
}

/** The dispatcher's deliveries of one event, whatever their target. */
export function deliveriesOfEvent(eventId: string): Promise<
  Array<{
    id: string;
    target: string;
    webhook_id: number | null;
    inbox_id: number | null;
    state: string;
    attempts: number;
  }>
> {
  return query(
    'SELECT id, target, webhook_id, inbox_id, state, attempts FROM webhook_dispatcher.deliveries WHERE event_id = $1 ORDER BY created_at',
    [eventId],
  );
}
