import { Injectable } from '@nestjs/common';
import { ContactEvents, MergeErrors, type Contact } from '@parley/contracts';
import { DomainError, Outbox } from '@parley/service-kit';
import { toContactSnapshot } from '../contacts/contact-snapshot.mapper';
import { translateConflict } from '../contacts/contact.rules';
import { ContactChangesWriter } from '../contacts/contact-changes.writer';
import { ContactMergeWriter } from '../contacts/contact-merge.writer';
import { ContactsService } from '../contacts/contacts.service';
import { NotesService } from '../notes/notes.service';

/**
 * Folds one contact into another: the base keeps its values and fills its blanks from the
 * mergee; inbox links, notes, labels and attributes move over; the mergee is deleted.
 * Messaging moves the conversations when it sees `contact.merged`.
 */
@Injectable()
export class MergeService {
  constructor(
    private readonly contacts: ContactsService,
    private readonly contactMerge: ContactMergeWriter,
    private readonly changes: ContactChangesWriter,
    private readonly notes: NotesService,
    private readonly outbox: Outbox,
  ) {}

  async merge(accountId: number, baseId: number, mergeeId: number): Promise<Contact> {
    if (baseId === mergeeId)
      throw new DomainError(MergeErrors.intoItself, 'A contact cannot be merged into itself', ['mergee_contact_id']);
    try {
      const base = await this.outbox.transaction(async (tx, emit) => {
        // Lock in id order so two crossed merges cannot deadlock.
        for (const id of baseId < mergeeId ? [baseId, mergeeId] : [mergeeId, baseId]) {
          if (!(await this.contactMerge.lock(tx, accountId, id))) {
            throw new DomainError(MergeErrors.contactMissing, 'Contact does not exist in this account', [
              id === baseId ? 'base_contact_id' : 'mergee_contact_id',
            ]);
          }
        }
        const saved = await this.contactMerge.absorb(tx, emit, baseId, mergeeId);
        // Before the mergee goes: its notes would go with it.
        await this.notes.reassign(tx, mergeeId, saved.id);
        await this.changes.remove(tx, mergeeId);
        await emit(ContactEvents.merged, accountId, { contact: toContactSnapshot(saved), mergee_id: mergeeId });
        return saved;
      });
      return this.contacts.withLinks(base);
    } catch (error) {
      throw translateConflict(error);
    }
  }
}
