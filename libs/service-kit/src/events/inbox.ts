import type { EntityManager } from 'typeorm';

/**
 * Records that `consumer` applied `eventId`, in the caller's transaction.
 * Returns false when it was already applied (a redelivery): the caller skips the work.
 */
export async function claimInboxEntry(tx: EntityManager, schema: string, consumer: string, eventId: string): Promise<boolean> {
  const rows: unknown[] = await tx.query(
    `INSERT INTO "${schema}".inbox (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
    [consumer, eventId],
  );
  return rows.length > 0;
}
