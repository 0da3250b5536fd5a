import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { ContactErrors, type ContactInboxLink, type ContactSnapshot } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import { DataSource, Repository, type EntityManager } from 'typeorm';
import { toLinkedInbox } from '../read-models/messaging-view/linked-inbox.mapper';
import { LIVE_INBOXES_SQL } from '../read-models/messaging-view/persistence/inbox-view.row';
import { toContactSnapshot } from './contact-snapshot.mapper';
import type { ContactLinkRow } from './persistence/contact-inbox.row';
import { ContactEntity } from './persistence/contact.orm-entity';

/** Reads of contacts and their inbox links that other features need. */
@Injectable()
export class ContactsLoader {
  constructor(
    @InjectRepository(ContactEntity) private readonly contacts: Repository<ContactEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** The account's contact, locked until the end of `tx` when given one. */
  async find(accountId: number, id: number, tx?: EntityManager): Promise<ContactEntity> {
    const found = await (tx ?? this.contacts.manager).findOne(ContactEntity, {
      where: { accountId, id },
      lock: tx ? { mode: 'pessimistic_write' } : undefined,
    });
    if (!found) throw new DomainError(ContactErrors.notFound, 'Contact not found');
    return found;
  }

  /** The account's contacts carrying any of the label titles, in id order after `afterId` (a campaign's audience, page by page). */
  async withLabels(accountId: number, labels: string[], afterId: number, limit: number): Promise<ContactSnapshot[]> {
    if (labels.length === 0) return [];
    const found = await this.contacts
      .createQueryBuilder('c')
      .where('c.account_id = :accountId AND c.labels && :labels::text[] AND c.id > :afterId', { accountId, labels, afterId })
      .orderBy('c.id', 'ASC')
      .limit(Math.min(Math.max(limit, 1), 1000))
      .getMany();
    return found.map(toContactSnapshot);
  }

  /** For other services that need a contact now (before its event reached them); null when there is none. */
  async snapshot(accountId: number, id: number): Promise<ContactSnapshot | null> {
    const contact = await this.contacts.findOneBy({ id, accountId });
    return contact ? toContactSnapshot(contact) : null;
  }

  /** Each contact's inbox links with the inboxes they point at (links to deleted inboxes are left out). */
  async linksOf(contactIds: number[], tx?: EntityManager): Promise<Map<number, ContactInboxLink[]>> {
    const byContact = new Map<number, ContactInboxLink[]>(contactIds.map((id) => [id, []]));
    if (contactIds.length === 0) return byContact;
    const rows: ContactLinkRow[] = await (tx ?? this.dataSource).query(
      `SELECT ci.contact_id, ci.source_id, iv.id, iv.name, iv.channel_type, iv.snapshot
         FROM contacts.contact_inboxes ci JOIN ${LIVE_INBOXES_SQL} iv ON iv.id = ci.inbox_id
        WHERE ci.contact_id = ANY($1::int[]) ORDER BY ci.id`,
      [contactIds],
    );
    for (const row of rows) byContact.get(row.contact_id)?.push({ source_id: row.source_id, inbox: toLinkedInbox(row) });
    return byContact;
  }
}
