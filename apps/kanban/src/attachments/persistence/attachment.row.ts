/** @owns kanban.attachments, kanban.file_removals */
/** An `attachments` row. */
export interface AttachmentRow {
  id: number;
  card_id: number;
  note_id: number | null;
  storage_key: string;
  file_name: string;
  content_type: string;
  file_size: number;
  created_at: Date;
}

export const ATTACHMENT_COLUMNS = 'id, card_id, note_id, storage_key, file_name, content_type, file_size, created_at';
