import type { ContactNote } from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';
import type { NoteRow } from './persistence/note.row';

export function toNote(row: NoteRow): ContactNote {
  return {
    id: row.id,
    contact_id: row.contact_id,
    content: row.content,
    user: row.user_id !== null ? { id: row.user_id } : null,
    created_at: toUnixSeconds(row.created_at),
    updated_at: toUnixSeconds(row.updated_at),
  };
}
