import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { NoteErrors, type ContactNote } from '@parley/contracts';
import { DomainError, selectOneOrFail } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { ContactsLoader } from '../contacts/contacts.loader';
import { toNote } from './note.mapper';
import { NOTE_COLUMNS, type NoteRow } from './persistence/note.row';

function requireContent(content: string): string {
  if (!content.trim()) throw new DomainError(NoteErrors.contentBlank, "Content can't be blank", ['content']);
  return content;
}

/** Agents' notes about a contact, newest first. */
@Injectable()
export class NotesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly contacts: ContactsLoader,
  ) {}

  async list(accountId: number, contactId: number): Promise<ContactNote[]> {
    await this.contacts.find(accountId, contactId);
    const rows: NoteRow[] = await this.dataSource.query(
      `SELECT ${NOTE_COLUMNS} FROM contacts.notes WHERE contact_id = $1 ORDER BY created_at DESC, id DESC`,
      [contactId],
    );
    return rows.map(toNote);
  }

  async create(accountId: number, contactId: number, userId: number, content: string): Promise<ContactNote> {
    await this.contacts.find(accountId, contactId);
    const [row]: NoteRow[] = await this.dataSource.query(
      `INSERT INTO contacts.notes (contact_id, account_id, user_id, content) VALUES ($1, $2, $3, $4) RETURNING ${NOTE_COLUMNS}`,
      [contactId, accountId, userId, requireContent(content)],
    );
    return toNote(row);
  }

  /** updated_at moves only when the content changes. */
  async update(accountId: number, contactId: number, noteId: number, content: string): Promise<ContactNote> {
    await this.contacts.find(accountId, contactId);
    const note = await this.find(contactId, noteId);
    const [rows] = (await this.dataSource.query(
      `UPDATE contacts.notes SET content = $2, updated_at = CASE WHEN content IS DISTINCT FROM $2::text THEN now() ELSE updated_at END
        WHERE id = $1 RETURNING ${NOTE_COLUMNS}`,
      [note.id, requireContent(content)],
    )) as [NoteRow[], number];
    return toNote(rows[0] ?? note);
  }

  async delete(accountId: number, contactId: number, noteId: number): Promise<null> {
    await this.contacts.find(accountId, contactId);
    const note = await this.find(contactId, noteId);
    await this.dataSource.query('DELETE FROM contacts.notes WHERE id = $1', [note.id]);
    return null;
  }

  /** Moves one contact's notes to another, inside the caller's transaction (a merge). */
  async reassign(tx: EntityManager, fromContactId: number, toContactId: number): Promise<void> {
    await tx.query('UPDATE contacts.notes SET contact_id = $1 WHERE contact_id = $2', [toContactId, fromContactId]);
  }

  private find(contactId: number, noteId: number): Promise<NoteRow> {
    return selectOneOrFail(
      this.dataSource,
      `SELECT ${NOTE_COLUMNS} FROM contacts.notes WHERE id = $1 AND contact_id = $2`,
      [noteId, contactId],
      'Note',
      NoteErrors.notFound,
    );
  }
}
