import { Injectable } from '@nestjs/common';
import { ContactEvents, type Contact } from '@parley/contracts';
import { Outbox, ValidationFailedError } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { ContactLinks } from '../contacts/contact-links';
import { toContactSnapshot } from '../contacts/contact-snapshot.mapper';
import { toContact } from '../contacts/contact.mapper';
import { ContactsService, translateConflict } from '../contacts/contacts.service';
import { ContactEntity } from '../contacts/persistence/contact.orm-entity';

/**
 * Folds one contact into another: the base keeps its values and fills its blanks from the
 * mergee; inbox links, notes, labels and attributes move over; the mergee is deleted.
 * Messaging moves the conversations when it sees `contact.merged`.
 */
@Injectable()
export class MergeService {
  constructor(
    private readonly contacts: ContactsService,
    private readonly links: ContactLinks,
    private readonly outbox: Outbox,
  ) {}

  async merge(accountId: number, baseId: number, mergeeId: number): Promise<Contact> {
    if (baseId === mergeeId) throw new ValidationFailedError('A contact cannot be merged into itself', ['mergee_contact_id']);
    try {
      const base = await this.outbox.transaction(async (tx, emit) => {
        const [first, second] = baseId < mergeeId ? [baseId, mergeeId] : [mergeeId, baseId];
        // Lock in id order so two crossed merges cannot deadlock.
        await this.lockOrFail(tx, accountId, first, first === baseId ? 'base_contact_id' : 'mergee_contact_id');
        await this.lockOrFail(tx, accountId, second, second === baseId ? 'base_contact_id' : 'mergee_contact_id');
        const entity = await tx.findOneByOrFail(ContactEntity, { id: baseId });
        const mergee = await tx.findOneByOrFail(ContactEntity, { id: mergeeId });
        const before = toContact(entity);
        // The mergee's unique values must be freed before the base can take them.
        await tx.query('UPDATE contacts.contacts SET email = NULL, phone_number = NULL, identifier = NULL WHERE id = $1', [mergee.id]);
        entity.name ??= mergee.name;
        entity.email ??= mergee.email;
        entity.phoneNumber ??= mergee.phoneNumber;
        entity.identifier ??= mergee.identifier;
        entity.avatarUrl ??= mergee.avatarUrl;
        entity.additionalAttributes = { ...mergee.additionalAttributes, ...entity.additionalAttributes };
        entity.customAttributes = { ...mergee.customAttributes, ...entity.customAttributes };
        entity.labels = [...new Set([...entity.labels, ...mergee.labels])].sort();
        if (mergee.lastActivityAt && (!entity.lastActivityAt || mergee.lastActivityAt > entity.lastActivityAt)) entity.lastActivityAt = mergee.lastActivityAt;
        await tx.query(
          `UPDATE contacts.contact_inboxes SET contact_id = $1 WHERE contact_id = $2
             AND inbox_id NOT IN (SELECT inbox_id FROM contacts.contact_inboxes WHERE contact_id = $1)`,
          [entity.id, mergee.id],
        );
        await tx.query('UPDATE contacts.notes SET contact_id = $1 WHERE contact_id = $2', [entity.id, mergee.id]);
        const saved = await this.contacts.saveChanges(tx, emit, entity, before);
        await tx.save(saved);
        await tx.delete(ContactEntity, { id: mergee.id });
        await emit(ContactEvents.merged, accountId, { contact: toContactSnapshot(saved), mergee_id: mergee.id });
        return saved;
      });
      return toContact(base, (await this.links.of([base.id])).get(base.id));
    } catch (error) {
      throw translateConflict(error);
    }
  }

  private async lockOrFail(tx: EntityManager, accountId: number, id: number, field: string): Promise<void> {
    const rows: unknown[] = await tx.query('SELECT 1 FROM contacts.contacts WHERE id = $1 AND account_id = $2 FOR UPDATE', [id, accountId]);
    if (rows.length === 0) throw new ValidationFailedError('Contact does not exist in this account', [field]);
  }
}
