/** @owns kanban.conversations_view */
/** A `conversations_view` row: a conversation of messaging as cards refer to it (by its number). */
export interface ConversationViewRow {
  account_id: number;
  display_id: number;
  inbox_id: number | null;
  deleted: boolean;
}
