/** @owns messaging.assignment_rotation */

/**
 * `messaging.assignment_rotation`: when each member of an inbox was last given a conversation by
 * the round-robin. `ROTATION_ORDER_JOIN` joins it to the candidates (alias `a`) for the pick's order.
 */
export const ROTATION_ORDER_JOIN = 'LEFT JOIN messaging.assignment_rotation r ON r.inbox_id = $1 AND r.user_id = a.id';

/** Records a pick: `$1` inbox, `$2` user. */
export const RECORD_ROTATION = `INSERT INTO messaging.assignment_rotation (inbox_id, user_id, last_assigned_at) VALUES ($1, $2, clock_timestamp())
  ON CONFLICT (inbox_id, user_id) DO UPDATE SET last_assigned_at = EXCLUDED.last_assigned_at`;
