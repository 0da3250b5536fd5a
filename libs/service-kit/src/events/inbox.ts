import type { EntityManager } from 'typeorm';
import { preparedQuery } from '../database/prepared-query';

/**
 * Records that `consumer` applied these events, in the caller's transaction. Returns the ids
 * that were not applied before; the others are redeliveries, whose work the caller skips.
 */
export async function claimInboxEntries(
  tx: EntityManager,
  schema: string,
  consumer: string,
  eventIds: string[],
): Promise<Set<string>> {
  const rows = await preparedQuery<{ event_id: string }>(
    tx,
    `${schema}_inbox_claim`,
    `INSERT INTO "${schema}".inbox (consumer, event_id) SELECT $1, id FROM unnest($2::uuid[]) AS e(id)
     ON CONFLICT DO NOTHING RETURNING event_id`,
    [consumer, eventIds],
  );
  return new Set(rows.map((row) => row.event_id));
}
