import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** Writes of notes that attachments make: a note's list of attachment ids. */
@Injectable()
export class NotesWriter {
  /** A file attached to the note joins its list. */
  async attach(manager: EntityManager, noteId: number, attachmentId: number): Promise<void> {
    await manager.query(
      'UPDATE kanban.notes SET attachment_ids = array_append(attachment_ids, $2), updated_at = now() WHERE id = $1',
      [noteId, attachmentId],
    );
  }

  /** A deleted attachment leaves every note of the card that lists it. */
  async detach(tx: EntityManager, cardId: number, attachmentId: number): Promise<void> {
    await tx.query(
      'UPDATE kanban.notes SET attachment_ids = array_remove(attachment_ids, $2) WHERE card_id = $1 AND $2 = ANY(attachment_ids)',
      [cardId, attachmentId],
    );
  }
}
