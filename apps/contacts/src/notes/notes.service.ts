import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ContactNote } from '@parley/contracts';
import { findOneOrFail, toUnixSeconds, ValidationFailedError } from '@parley/service-kit';
import { Repository } from 'typeorm';
import { ContactsService } from '../contacts/contacts.service';
import { NoteEntity } from './note.orm-entity';

function toNote(entity: NoteEntity): ContactNote {
  return {
    id: entity.id,
    contact_id: entity.contactId,
    content: entity.content,
    user: entity.userId !== null ? { id: entity.userId } : null,
    created_at: toUnixSeconds(entity.createdAt),
    updated_at: toUnixSeconds(entity.updatedAt),
  };
}

function requireContent(content: string): string {
  if (!content.trim()) throw new ValidationFailedError("Content can't be blank", ['content']);
  return content;
}

/** Agents' notes about a contact, newest first. */
@Injectable()
export class NotesService {
  constructor(
    @InjectRepository(NoteEntity) private readonly notes: Repository<NoteEntity>,
    private readonly contacts: ContactsService,
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
    const note = await findOneOrFail(this.notes, { id: noteId, contactId }, 'Note');
    note.content = requireContent(content);
    return toNote(await this.notes.save(note));
  }

  async delete(accountId: number, contactId: number, noteId: number): Promise<null> {
    await this.contacts.find(accountId, contactId);
    const note = await findOneOrFail(this.notes, { id: noteId, contactId }, 'Note');
    await this.notes.delete({ id: note.id });
    return null;
  }
}
