/** @owns reporting.csat_surveys, reporting.csat_responses */
export interface CsatSurveyRecord {
  token: string;
  account_id: number;
  conversation_id: number;
  inbox_id: number;
  assignee_id: number | null;
  bot_handled: boolean;
  sent_at: number;
}

const SURVEYS_FROM_JSON = `
  INSERT INTO reporting.csat_surveys (token, account_id, conversation_id, inbox_id, assignee_id, bot_handled, sent_at)
  SELECT token, account_id, conversation_id, inbox_id, assignee_id, bot_handled, to_timestamp(sent_at)
  FROM jsonb_to_recordset($1::jsonb) AS s(token uuid, account_id int, conversation_id int, inbox_id int, assignee_id int, bot_handled boolean, sent_at bigint)`;

/** Surveys as ingestion finds them: it alone knows whether a bot had handled the conversation, so it has the last word. */
export const INSERT_SURVEYS = `${SURVEYS_FROM_JSON} ON CONFLICT (token) DO UPDATE SET bot_handled = EXCLUDED.bot_handled`;

/** A survey learned from messaging before its event arrived. */
export const INSERT_SURVEYS_IF_NEW = `${SURVEYS_FROM_JSON} ON CONFLICT (token) DO NOTHING`;

/** One response joined with its survey, as the API shows it. */
export const RESPONSE_COLUMNS = `r.id, r.rating, r.feedback_message, s.conversation_id, s.inbox_id, s.assignee_id AS assigned_agent_id,
  extract(epoch FROM r.created_at)::bigint AS created_at`;
