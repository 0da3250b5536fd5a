/** @owns messaging.conversation_counts */
/**
 * `messaging.conversation_counts`: +1/-1 rows per conversation bucket, appended by the triggers of
 * migration 1732233600010 and folded per account by the compaction. A count is the sum of its rows.
 */

/** The four counts of the list's tabs from the maintained rows; `where` is over alias `k` (account, inbox, team, status). */
export function maintainedCountsSql(where: string, me: string): string {
  return `SELECT coalesce(sum(k.delta) FILTER (WHERE k.assignee_id = ${me}), 0)::int AS mine_count,
              coalesce(sum(k.delta) FILTER (WHERE k.assignee_id IS NOT NULL), 0)::int AS assigned_count,
              coalesce(sum(k.delta) FILTER (WHERE k.assignee_id IS NULL), 0)::int AS unassigned_count,
              coalesce(sum(k.delta), 0)::int AS all_count
         FROM messaging.conversation_counts k WHERE ${where}`;
}

/**
 * Folds the rows of up to `$1` accounts that have fresh rows into one settled row per bucket, in
 * one statement: a reader sees the account before or after, never half. Rows appended meanwhile
 * are not in the statement's snapshot and wait for the next pass; two passes at once each fold
 * only the rows they deleted.
 */
export const COMPACT_CONVERSATION_COUNTS = `
  WITH fresh AS (SELECT DISTINCT account_id FROM messaging.conversation_counts WHERE NOT settled LIMIT $1),
       gone AS (DELETE FROM messaging.conversation_counts k USING fresh WHERE k.account_id = fresh.account_id RETURNING k.*),
       folded AS (
         INSERT INTO messaging.conversation_counts (account_id, inbox_id, team_id, status, assignee_id, delta, settled)
         SELECT account_id, inbox_id, team_id, status, assignee_id, sum(delta), true FROM gone
          GROUP BY account_id, inbox_id, team_id, status, assignee_id HAVING sum(delta) <> 0
         RETURNING 1)
  SELECT (SELECT count(*) FROM fresh)::int AS accounts`;
