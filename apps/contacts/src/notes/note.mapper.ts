import type { ContactNote } from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';
import type { NoteEntity } from './persistence/note.orm-entity';

export function toNote(entity: NoteEntity): ContactNote {
  return {
    id: entity.id,
    contact_id: entity.contactId,
    content: entity.content,
    user: entity.userId !== null ? { id: entity.userId } : null,
    created_at: toUnixSeconds(entity.createdAt),
    updated_at: toUnixSeconds(entity.updatedAt),
  };
}
