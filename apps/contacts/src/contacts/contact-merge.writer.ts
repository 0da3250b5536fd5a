import { Injectable } from '@nestjs/common';
import type { Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { ContactChangesWriter } from './contact-changes.writer';
import { toContact } from './contact.mapper';
import { ContactsLoader } from './contacts.loader';
import type { ContactRow } from './persistence/contact.row';

/** The contacts' side of a merge, inside the merge's transaction. */
@Injectable()
export class ContactMergeWriter {
  constructor(
    private readonly loader: ContactsLoader,
    private readonly changes: ContactChangesWriter,
  ) {}

  /** Locks the account's contact until the end of `tx`; false when there is none. */
  async lock(tx: EntityManager, accountId: number, id: number): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      'SELECT 1 FROM contacts.contacts WHERE id = $1 AND account_id = $2 FOR UPDATE',
      [id, accountId],
    );
    return rows.length > 0;
  }

  /**
   * Folds a locked mergee into a locked base: the base keeps its values and fills its blanks
   * from the mergee; inbox links, labels and attributes move over. The mergee is left without
   * its unique values, for the caller to move what else it has and then `remove` it.
   */
  async absorb(tx: EntityManager, emit: Emit, baseId: number, mergeeId: number): Promise<ContactRow> {
    const rows = await this.loader.byIds([baseId, mergeeId], tx);
    const base = rows.find((row) => row.id === baseId)!;
    const mergee = rows.find((row) => row.id === mergeeId)!;
    const before = toContact(base);
    // The mergee's unique values must be freed before the base can take them.
    await tx.query('UPDATE contacts.contacts SET email = NULL, phone_number = NULL, identifier = NULL WHERE id = $1', [
      mergee.id,
    ]);
    base.name ??= mergee.name;
    base.email ??= mergee.email;
    base.phone_number ??= mergee.phone_number;
    base.identifier ??= mergee.identifier;
    base.avatar_url ??= mergee.avatar_url;
    base.additional_attributes = { ...mergee.additional_attributes, ...base.additional_attributes };
    base.custom_attributes = { ...mergee.custom_attributes, ...base.custom_attributes };
    base.labels = [...new Set([...base.labels, ...mergee.labels])].sort();
    if (mergee.last_activity_at && (!base.last_activity_at || mergee.last_activity_at > base.last_activity_at))
      base.last_activity_at = mergee.last_activity_at;
    await tx.query(
      `UPDATE contacts.contact_inboxes SET contact_id = $1 WHERE contact_id = $2
         AND inbox_id NOT IN (SELECT inbox_id FROM contacts.contact_inboxes WHERE contact_id = $1)`,
      [base.id, mergee.id],
    );
    // Written even without a visible change: labels and the last activity move over too.
    return this.changes.saveChanges(tx, emit, base, before, { always: true });
  }
}
