/** @owns messaging.inbox_members */

/** An `inbox_members` row: an agent serving an inbox. */
export interface InboxMemberRow {
  inbox_id: number;
  user_id: number;
  created_at: Date;
}
