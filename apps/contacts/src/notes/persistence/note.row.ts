/** @owns contacts.notes */

/** A `notes` row. */
export interface NoteRow {
  id: number;
  contact_id: number;
  account_id: number;
  user_id: number | null;
  content: string;
  created_at: Date;
  updated_at: Date;
}

export const NOTE_COLUMNS = 'id, contact_id, account_id, user_id, content, created_at, updated_at';
