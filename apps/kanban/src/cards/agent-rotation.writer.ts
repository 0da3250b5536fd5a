import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** Namespace of the advisory lock that serialises picks per account (with the account id as the second key). */
const ROTATION_LOCK = 7_015;

/**
 * Auto-assignment's round-robin state (`agent_assignments`): among the candidates, the one
 * assigned least recently (never first, then by id). Picks of one account are serialised by a
 * transaction-scoped advisory lock, so two cards created at once never get the same "next" agent
 * from stale state, on any replica.
 */
@Injectable()
export class AgentRotationWriter {
  async pick(tx: EntityManager, accountId: number, candidates: number[]): Promise<number | null> {
    if (candidates.length === 0) return null;
    await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [ROTATION_LOCK, accountId]);
    const [next]: Array<{ id: number }> = await tx.query(
      `SELECT a.id FROM unnest($2::int[]) AS a(id)
         LEFT JOIN kanban.agent_assignments r ON r.account_id = $1 AND r.user_id = a.id
        ORDER BY r.last_assigned_at ASC NULLS FIRST, a.id LIMIT 1`,
      [accountId, candidates],
    );
    await tx.query(
      `INSERT INTO kanban.agent_assignments (account_id, user_id, last_assigned_at) VALUES ($1, $2, clock_timestamp())
       ON CONFLICT (account_id, user_id) DO UPDATE SET last_assigned_at = EXCLUDED.last_assigned_at`,
      [accountId, next.id],
    );
    return next.id;
  }

  /** Forgets a deleted account's rotation. */
  async forgetAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM kanban.agent_assignments WHERE account_id = $1', [accountId]);
  }
}
