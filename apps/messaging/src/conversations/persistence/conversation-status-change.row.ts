/** @owns messaging.conversation_status_changes */
/** Records one status change of a conversation: $1 conversation (internal id), $2 from, $3 to, $4 when, $5 who (the request's origin). */
export const INSERT_STATUS_CHANGE = `
  INSERT INTO messaging.conversation_status_changes (conversation_id, from_status, to_status, at, actor) VALUES ($1, $2, $3, $4, $5)`;

/** `messaging.conversation_status_changes` as the history query reads it. */
export interface StatusChangeRow {
  conversation_id: number;
  from_status: string;
  to_status: string;
  /** Unix seconds. */
  at: string;
}
