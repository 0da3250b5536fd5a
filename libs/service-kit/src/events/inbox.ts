import type { EntityManager } from 'typeorm';
import { preparedQuery } from '../database/prepared-query';
import type { AccountLocks } from './deleted-accounts';

/**
 * Records that `consumer` applied these events, in the caller's transaction, after taking
 * `locks` (the deleted-accounts check's shared locks) in the same statement. Returns the ids
 * that were not applied before; the others are redeliveries, whose work the caller skips.
 */
export async function claimInboxEntries(
  tx: EntityManager,
  schema: string,
  consumer: string,
  eventIds: string[],
  locks: AccountLocks,
): Promise<Set<string>> {
  // The scalar sub-query runs once, before any row is inserted: the locks come first.
  const rows = await preparedQuery<{ event_id: string }>(
    tx,
    `${schema}_inbox_claim_locked`,
    `INSERT INTO "${schema}".inbox (consumer, event_id)
     SELECT $1, id FROM unnest($2::uuid[]) AS e(id)
      WHERE (SELECT count(pg_advisory_xact_lock_shared(hashtext($3), a)) FROM unnest($4::int[]) AS a) >= 0
     ON CONFLICT DO NOTHING RETURNING event_id`,
    [consumer, eventIds, locks.name, locks.accounts],
  );
  return new Set(rows.map((row) => row.event_id));
}
