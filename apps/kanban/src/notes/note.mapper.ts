import type { KanbanNote } from '@parley/contracts';
import type { NoteRow } from './persistence/note.row';

export function toNote(row: NoteRow): KanbanNote {
  return {
    id: row.id,
    item_id: row.card_id,
    text: row.text,
    attachments: row.attachment_ids,
    linked_item_id: row.linked_item_id,
    linked_conversation_id: row.linked_conversation_id,
    linked_contact_id: row.linked_contact_id,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
