import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ContactInboxErrors, type ContactInboxLink, type LinkedInbox } from '@parley/contracts';
import { DomainError, isUniqueViolation } from '@parley/service-kit';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ContactChangesWriter } from './contact-changes.writer';
import { ContactsLoader } from './contacts.loader';
import type { ContactInboxRow } from './persistence/contact-inbox.row';
import type { ContactRow } from './persistence/contact.row';

/** A contact's inbox links (its ids at the channels), made for the contact-inboxes feature. */
@Injectable()
export class ContactInboxLinksWriter {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly loader: ContactsLoader,
    private readonly changes: ContactChangesWriter,
  ) {}

  /** Links the contact to one more inbox, under its id at that channel. */
  async linkInbox(contact: ContactRow, inbox: LinkedInbox, sourceId: string): Promise<ContactInboxLink> {
    try {
      await this.changes.insertLink(this.dataSource.manager, contact, inbox.id, sourceId);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new DomainError(ContactInboxErrors.sourceIdTaken, 'Source id is already used in this inbox', [
          'source_id',
        ]);
      throw error;
    }
    return { source_id: sourceId, inbox };
  }

  /** The contact proved its identifier through this link. */
  async markVerified(linkId: number): Promise<void> {
    await this.dataSource.query(
      'UPDATE contacts.contact_inboxes SET hmac_verified = true WHERE id = $1 AND NOT hmac_verified',
      [linkId],
    );
  }

  /**
   * The contact's link to the inbox: its oldest one there, or a new one under a generated source
   * id. The contact's row lock makes concurrent calls for one contact find one link, not make two.
   */
  async ensureInboxLink(accountId: number, contactId: number, inbox: LinkedInbox): Promise<ContactInboxLink> {
    return this.dataSource.transaction(async (tx) => {
      const contact = await this.loader.find(accountId, contactId, tx);
      const [existing]: Array<Pick<ContactInboxRow, 'source_id'>> = await tx.query(
        'SELECT source_id FROM contacts.contact_inboxes WHERE contact_id = $1 AND inbox_id = $2 ORDER BY id LIMIT 1',
        [contactId, inbox.id],
      );
      if (existing) return { source_id: existing.source_id, inbox };
      const sourceId = randomUUID();
      await this.changes.insertLink(tx, contact, inbox.id, sourceId);
      return { source_id: sourceId, inbox };
    });
  }

  /**
   * `ensureInboxLink` for several contacts at once (one transaction, the contacts' rows locked in
   * id order): each one's oldest link there, or a new one; contacts the account does not have are
   * left out.
   */
  async ensureInboxLinks(
    accountId: number,
    contactIds: number[],
    inbox: LinkedInbox,
  ): Promise<Array<{ contact_id: number; source_id: string }>> {
    if (contactIds.length === 0) return [];
    return this.dataSource.transaction(async (tx) => {
      const found: Array<{ id: number }> = await tx.query(
        'SELECT id FROM contacts.contacts WHERE account_id = $1 AND id = ANY($2::int[]) ORDER BY id FOR UPDATE',
        [accountId, [...new Set(contactIds)]],
      );
      const ids = found.map((row) => row.id);
      const existing: Array<{ contact_id: number; source_id: string }> = await tx.query(
        'SELECT DISTINCT ON (contact_id) contact_id, source_id FROM contacts.contact_inboxes WHERE contact_id = ANY($1::int[]) AND inbox_id = $2 ORDER BY contact_id, id',
        [ids, inbox.id],
      );
      const linked = new Map(existing.map((row) => [row.contact_id, row.source_id]));
      const missing = ids.filter((id) => !linked.has(id));
      if (missing.length > 0) {
        const sourceIds = missing.map(() => randomUUID());
        await tx.query(
          'INSERT INTO contacts.contact_inboxes (contact_id, account_id, inbox_id, source_id) SELECT c.id, $2, $3, c.source_id FROM unnest($1::int[], $4::text[]) AS c(id, source_id)',
          [missing, accountId, inbox.id, sourceIds],
        );
        missing.forEach((id, index) => linked.set(id, sourceIds[index]));
      }
      return ids.map((id) => ({ contact_id: id, source_id: linked.get(id)! }));
    });
  }
}
