import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ContactErrors, type ContactInboxLink, type ContactSnapshot } from '@parley/contracts';
import { selectOneOrFail } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { toLinkedInbox } from '../read-models/messaging-view/linked-inbox.mapper';
import { liveInboxOf } from '../read-models/messaging-view/messaging-view.loader';
import { toContactSnapshot } from './contact-snapshot.mapper';
import type { ContactLinkRow } from './persistence/contact-inbox.row';
import { CONTACT_COLUMNS, type ContactRow } from './persistence/contact.row';

/** Reads of contacts and their inbox links that other features need. */
@Injectable()
export class ContactsLoader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The account's contact, locked until the end of `tx` when given one. */
  find(accountId: number, id: number, tx?: EntityManager): Promise<ContactRow> {
    const sql = `SELECT ${CONTACT_COLUMNS} FROM contacts.contacts WHERE account_id = $1 AND id = $2${tx ? ' FOR UPDATE' : ''}`;
    return selectOneOrFail(tx ?? this.dataSource, sql, [accountId, id], 'Contact', ContactErrors.notFound);
  }

  /** The contact linked to the inbox under this source id (its id at the channel). */
  async byInboxSource(accountId: number, inboxId: number, sourceId: string): Promise<ContactRow | null> {
    const [row]: ContactRow[] = await this.dataSource.query(
      `SELECT ${CONTACT_COLUMNS} FROM contacts.contacts c
        WHERE c.account_id = $1 AND c.id = (SELECT ci.contact_id FROM contacts.contact_inboxes ci WHERE ci.inbox_id = $2 AND ci.source_id = $3 LIMIT 1)`,
      [accountId, inboxId, sourceId],
    );
    return row ?? null;
  }

  /** The account's contact with this e-mail address (case-insensitive) or, failing that, this phone number. */
  async byAddress(accountId: number, email: string | null, phoneNumber: string | null): Promise<ContactRow | null> {
    if (!email && !phoneNumber) return null;
    const [row]: ContactRow[] = await this.dataSource.query(
      `SELECT ${CONTACT_COLUMNS} FROM contacts.contacts
        WHERE account_id = $1 AND (lower(email) = lower($2) OR phone_number = $3)
        ORDER BY (lower(email) = lower($2)) DESC NULLS LAST, id LIMIT 1`,
      [accountId, email, phoneNumber],
    );
    return row ?? null;
  }

  /** Contacts by id, in no particular order (ids the table does not hold are left out). */
  byIds(ids: number[], tx?: EntityManager): Promise<ContactRow[]> {
    return ids.length
      ? (tx ?? this.dataSource).query(`SELECT ${CONTACT_COLUMNS} FROM contacts.contacts WHERE id = ANY($1::int[])`, [
          ids,
        ])
      : Promise.resolve([]);
  }

  /** The account's contacts carrying any of the label titles, in id order after `afterId` (a campaign's audience, page by page). */
  async withLabels(accountId: number, labels: string[], afterId: number, limit: number): Promise<ContactSnapshot[]> {
    if (labels.length === 0) return [];
    const rows: ContactRow[] = await this.dataSource.query(
      `SELECT ${CONTACT_COLUMNS} FROM contacts.contacts WHERE account_id = $1 AND labels && $2::text[] AND id > $3 ORDER BY id LIMIT $4`,
      [accountId, labels, afterId, Math.min(Math.max(Math.floor(limit), 1), 1000)],
    );
    return rows.map(toContactSnapshot);
  }

  /** For other services that need a contact now (before its event reached them); null when there is none. */
  async snapshot(accountId: number, id: number): Promise<ContactSnapshot | null> {
    const [row]: ContactRow[] = await this.dataSource.query(
      `SELECT ${CONTACT_COLUMNS} FROM contacts.contacts WHERE account_id = $1 AND id = $2`,
      [accountId, id],
    );
    return row ? toContactSnapshot(row) : null;
  }

  /** Each contact's inbox links with the inboxes they point at (links to deleted inboxes are left out). */
  async linksOf(contactIds: number[], tx?: EntityManager): Promise<Map<number, ContactInboxLink[]>> {
    const byContact = new Map<number, ContactInboxLink[]>(contactIds.map((id) => [id, []]));
    if (contactIds.length === 0) return byContact;
    const rows: ContactLinkRow[] = await (tx ?? this.dataSource).query(
      `SELECT ci.contact_id, ci.source_id, iv.id, iv.name, iv.channel_type, iv.snapshot
         FROM contacts.contact_inboxes ci JOIN LATERAL ${liveInboxOf('ci.inbox_id')} iv ON true
        WHERE ci.contact_id = ANY($1::int[]) ORDER BY ci.id`,
      [contactIds],
    );
    for (const row of rows)
      byContact.get(row.contact_id)?.push({ source_id: row.source_id, inbox: toLinkedInbox(row) });
    return byContact;
  }
}
