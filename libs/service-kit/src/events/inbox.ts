import type { EntityManager } from 'typeorm';

/**
 * Records that `consumer` applied these events, in the caller's transaction. Returns the ids
 * that were not applied before; the others are redeliveries, whose work the caller skips.
 */
export async function claimInboxEntries(tx: EntityManager, schema: string, consumer: string, eventIds: string[]): Promise<Set<string>> {
  const rows: Array<{ event_id: string }> = await tx.query(
    `INSERT INTO "${schema}".inbox (consumer, event_id) SELECT $1, id FROM unnest($2::uuid[]) AS e(id)
     ON CONFLICT DO NOTHING RETURNING event_id`,
    [consumer, eventIds],
  );
  return new Set(rows.map((row) => row.event_id));
}
