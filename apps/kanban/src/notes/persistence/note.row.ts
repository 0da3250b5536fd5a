/** @owns kanban.notes */
/** A `notes` row. */
export interface NoteRow {
  id: number;
  card_id: number;
  text: string;
  attachment_ids: number[];
  linked_item_id: number | null;
  linked_conversation_id: number | null;
  linked_contact_id: number | null;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

export const NOTE_COLUMNS =
  'id, card_id, text, attachment_ids, linked_item_id, linked_conversation_id, linked_contact_id, created_by, created_at, updated_at';
