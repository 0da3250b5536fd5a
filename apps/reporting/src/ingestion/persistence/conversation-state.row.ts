/** @owns reporting.conversation_states */
/**
 * Records conversations' current state from snapshots (a jsonb array), each at the time of the
 * event that carried it: an older snapshot arriving late changes nothing.
 */
export const UPSERT_STATES = `
  INSERT INTO reporting.conversation_states AS s (account_id, conversation_id, inbox_id, team_id, assignee_id, labels, status, waiting_since,
    first_reply_at, created_at, deleted, source_at)
  SELECT account_id, conversation_id, inbox_id, team_id, assignee_id, labels, status, waiting_since, first_reply_at, created_at, deleted, source_at
  FROM jsonb_to_recordset($1::jsonb) AS r(account_id int, conversation_id int, inbox_id int, team_id int, assignee_id int, labels text[], status text,
    waiting_since bigint, first_reply_at bigint, created_at bigint, deleted boolean, source_at timestamptz)
  ON CONFLICT (account_id, conversation_id) DO UPDATE SET inbox_id = EXCLUDED.inbox_id, team_id = EXCLUDED.team_id,
    assignee_id = EXCLUDED.assignee_id, labels = EXCLUDED.labels, status = EXCLUDED.status, waiting_since = EXCLUDED.waiting_since,
    first_reply_at = EXCLUDED.first_reply_at, created_at = EXCLUDED.created_at, deleted = s.deleted OR EXCLUDED.deleted,
    source_at = EXCLUDED.source_at
  WHERE s.source_at <= EXCLUDED.source_at`;

export interface ConversationStateRecord {
  account_id: number;
  conversation_id: number;
  inbox_id: number;
  team_id: number | null;
  assignee_id: number | null;
  labels: string[];
  status: string;
  waiting_since: number | null;
  first_reply_at: number | null;
  created_at: number;
  deleted: boolean;
  source_at: string;
}
