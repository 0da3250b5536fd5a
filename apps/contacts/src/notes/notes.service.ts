import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { NoteErrors, type ContactNote } from '@parley/contracts';
import { DomainError, findOneOrFail } from '@parley/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { ContactsLoader } from '../contacts/contacts.loader';
import { toNote } from './note.mapper';
import { NoteEntity } from './persistence/note.orm-entity';

function requireContent(content: string): string {
  if (!content.trim()) throw new DomainError(NoteErrors.contentBlank, "Content can't be blank", ['content']);
  return content;
}

/** Agents' notes about a contact, newest first. */
@Injectable()
export class NotesService {
  constructor(
    @InjectRepository(NoteEntity) private readonly notes: Repository<NoteEntity>,
    private readonly contacts: ContactsLoader,
  ) {}

  async list(accountId: number, contactId: number): Promise<ContactNote[]> {
    await this.contacts.find(accountId, contactId);
    return (await this.notes.find({ where: { contactId }, order: { createdAt: 'DESC', id: 'DESC' } })).map(toNote);
  }

  async create(accountId: number, contactId: number, userId: number, content: string): Promise<ContactNote> {
    await this.contacts.find(accountId, contactId);
    return toNote(await this.notes.save(this.notes.create({ accountId, contactId, userId, content: requireContent(content) })));
  }

  async update(accountId: number, contactId: number, noteId: number, content: string): Promise<ContactNote> {
    await this.contacts.find(accountId, contactId);
    const note = await findOneOrFail(this.notes, { id: noteId, contactId }, 'Note', NoteErrors.notFound);
    note.content = requireContent(content);
    return toNote(await this.notes.save(note));
  }

  async delete(accountId: number, contactId: number, noteId: number): Promise<null> {
    await this.contacts.find(accountId, contactId);
    const note = await findOneOrFail(this.notes, { id: noteId, contactId }, 'Note', NoteErrors.notFound);
    await this.notes.delete({ id: note.id });
    return null;
  }

  /** Moves one contact's notes to another, inside the caller's transaction (a merge). */
  async reassign(tx: EntityManager, fromContactId: number, toContactId: number): Promise<void> {
    await tx.query('UPDATE contacts.notes SET contact_id = $1 WHERE contact_id = $2', [toContactId, fromContactId]);
  }
}
