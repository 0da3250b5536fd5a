import { Injectable } from '@nestjs/common';
import type { Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { ContactChangesWriter } from './contact-changes.writer';
import { toContact } from './contact.mapper';
import { CONTACT_COLUMNS, type ContactRow } from './persistence/contact.row';

/** Rewrites what contacts hold of other contexts' records (label titles, attribute keys, inbox links) when those change. */
@Injectable()
export class ContactReferencesWriter {
  constructor(private readonly changes: ContactChangesWriter) {}

  /** A deleted account's contacts, with their inbox links and notes (foreign keys). */
  async deleteOfAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM contacts.contacts WHERE account_id = $1', [accountId]);
  }

  async removeLabel(tx: EntityManager, accountId: number, title: string): Promise<void> {
    await tx.query(
      `UPDATE contacts.contacts SET labels = array_remove(labels, $2), updated_at = now() WHERE account_id = $1 AND $2 = ANY(labels)`,
      [accountId, title],
    );
  }

  async renameLabel(tx: EntityManager, accountId: number, previousTitle: string, title: string): Promise<void> {
    await tx.query(
      `UPDATE contacts.contacts
          SET labels = ARRAY(SELECT DISTINCT unnest(array_replace(labels, $2, $3)) ORDER BY 1), updated_at = now()
        WHERE account_id = $1 AND $2 = ANY(labels)`,
      [accountId, previousTitle, title],
    );
  }

  /** Rewrites the custom attributes of every contact holding `key`, with `contact.updated` for each. */
  async rewriteCustomAttributes(
    tx: EntityManager,
    emit: Emit,
    accountId: number,
    key: string,
    rewrite: (attributes: Record<string, unknown>) => Record<string, unknown>,
  ): Promise<void> {
    const rows: ContactRow[] = await tx.query(
      `SELECT ${CONTACT_COLUMNS} FROM contacts.contacts WHERE account_id = $1 AND custom_attributes ? $2 ORDER BY id FOR UPDATE`,
      [accountId, key],
    );
    for (const row of rows) {
      const before = toContact(row);
      row.custom_attributes = rewrite(row.custom_attributes);
      await this.changes.saveChanges(tx, emit, row, before);
    }
  }

  async unlinkInbox(tx: EntityManager, inboxId: number): Promise<void> {
    await tx.query('DELETE FROM contacts.contact_inboxes WHERE inbox_id = $1', [inboxId]);
  }
}
