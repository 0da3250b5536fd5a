/** @owns reporting.conversation_progress */
/** One row of `reporting.conversation_progress` (bigints come back as strings). */
export interface ConversationProgressRow {
  conversation_id: number;
  first_reply_at: string | null;
  pending: string[];
  human_replied: boolean;
  bot_session: boolean;
  open_since: string | null;
}

/** Makes sure each conversation has a row (then LOCK_PROGRESS sees them all, in a statement of its own). */
export const ENSURE_PROGRESS = `
  INSERT INTO reporting.conversation_progress (account_id, conversation_id)
  SELECT $1, id FROM unnest($2::int[]) AS c(id) ORDER BY id ON CONFLICT DO NOTHING`;

/** Locks the rows in key order (two batches never wait on each other in a cycle). */
export const LOCK_PROGRESS = `
  SELECT conversation_id, first_reply_at, pending, human_replied, bot_session, open_since
  FROM reporting.conversation_progress WHERE account_id = $1 AND conversation_id = ANY($2::int[])
  ORDER BY conversation_id FOR UPDATE`;

export const SAVE_PROGRESS = `
  INSERT INTO reporting.conversation_progress AS p (account_id, conversation_id, first_reply_at, pending, human_replied, bot_session, open_since)
  SELECT $1, conversation_id, first_reply_at, pending, human_replied, bot_session, open_since
  FROM jsonb_to_recordset($2::jsonb) AS r(conversation_id int, first_reply_at bigint, pending bigint[], human_replied boolean, bot_session boolean, open_since bigint)
  ON CONFLICT (account_id, conversation_id) DO UPDATE SET first_reply_at = EXCLUDED.first_reply_at, pending = EXCLUDED.pending,
    human_replied = EXCLUDED.human_replied, bot_session = EXCLUDED.bot_session, open_since = EXCLUDED.open_since`;
