import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ContactErrors,
  type ContactInboxLink,
  type ContactLinkKey,
  type ContactSnapshot,
  type PublicConversationContact,
} from '@parley/contracts';
import { selectOneOrFail } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { toLinkedInbox } from '../read-models/messaging-view/linked-inbox.mapper';
import { liveInboxOf } from '../read-models/messaging-view/messaging-view.loader';
import { toContactSnapshot } from './contact-snapshot.mapper';
import { toPublicContact } from './contact.mapper';
import type { ContactLinkRow, PublicLinkRow } from './persistence/contact-inbox.row';
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

  /**
   * The contacts (aliased `c`) a search or filter's condition matches: how many, and one page of
   * their ids. `where` and `order` are SQL the contact-search feature composes over `c`'s columns.
   */
  async matching(
    where: string,
    params: unknown[],
    page: { order: string; limit: number; offset: number },
  ): Promise<{ count: number; ids: number[] }> {
    const [{ count }]: Array<{ count: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM contacts.contacts c WHERE ${where}`,
      params,
    );
    const rows: Array<{ id: number }> = await this.dataSource.query(
      `SELECT c.id FROM contacts.contacts c WHERE ${where} ORDER BY ${page.order} LIMIT ${page.limit} OFFSET ${page.offset}`,
      params,
    );
    return { count, ids: rows.map((row) => row.id) };
  }

  /** The inbox's link under this source id, with its token and HMAC mark (the public client API's contact). */
  async publicLink(accountId: number, inboxId: number, sourceId: string): Promise<PublicLinkRow | null> {
    const [row]: PublicLinkRow[] = await this.dataSource.query(
      `SELECT id, contact_id, source_id, pubsub_token, hmac_verified FROM contacts.contact_inboxes
        WHERE account_id = $1 AND inbox_id = $2 AND source_id = $3 ORDER BY id LIMIT 1`,
      [accountId, inboxId, sourceId],
    );
    return row ?? null;
  }

  /** The contact as a public conversation shows it to the contact itself. */
  async publicContact(accountId: number, id: number): Promise<PublicConversationContact> {
    return toPublicContact(await this.find(accountId, id));
  }

  /** The link a `/cable` token names: its account and contact. */
  async linkOfToken(token: string): Promise<{ account_id: number; contact_id: number } | null> {
    const [row]: Array<{ account_id: number; contact_id: number }> = await this.dataSource.query(
      'SELECT account_id, contact_id FROM contacts.contact_inboxes WHERE pubsub_token = $1',
      [token],
    );
    return row ?? null;
  }

  /**
   * The `/cable` tokens each contact link reaches, in the links' order: its own, or, when the
   * link is verified, those of every verified link of its contact (the reference fans a
   * verified contact's events out).
   */
  async realtimeTokens(links: ContactLinkKey[]): Promise<string[][]> {
    if (links.length === 0) return [];
    const rows: Array<{ position: number; pubsub_token: string }> = await this.dataSource.query(
      `SELECT q.position::int AS position, o.pubsub_token
         FROM unnest($1::int[], $2::int[], $3::text[]) WITH ORDINALITY AS q(account_id, inbox_id, source_id, position)
         JOIN contacts.contact_inboxes l ON l.account_id = q.account_id AND l.inbox_id = q.inbox_id AND l.source_id = q.source_id
         JOIN contacts.contact_inboxes o ON o.contact_id = l.contact_id
          AND (o.id = l.id OR (l.hmac_verified AND o.hmac_verified))`,
      [links.map((link) => link.account_id), links.map((link) => link.inbox_id), links.map((link) => link.source_id)],
    );
    const tokens = links.map(() => new Set<string>());
    for (const row of rows) tokens[row.position - 1].add(row.pubsub_token);
    return tokens.map((set) => [...set]);
  }

  /** The account's contact with this identifier (the customer's id in the site that embeds a widget). */
  async byIdentifier(accountId: number, identifier: string): Promise<ContactRow | null> {
    const [row]: ContactRow[] = await this.dataSource.query(
      `SELECT ${CONTACT_COLUMNS} FROM contacts.contacts WHERE account_id = $1 AND identifier = $2 LIMIT 1`,
      [accountId, identifier],
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
