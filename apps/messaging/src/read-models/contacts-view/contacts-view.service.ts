import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ContactLookupPatterns, type ContactSnapshot } from '@parley/contracts';
import { OWNER_LOOKUP_TIMEOUT_MS, RpcClient } from '@parley/service-kit';
import { In, Repository, type EntityManager } from 'typeorm';
import { ContactViewEntity } from './persistence/contact-view.orm-entity';

/** A contact as an event showed it, and when that was. */
/** A contact as the view holds it, for features that take contacts from this view. */
export type ViewedContact = ContactViewEntity;

export interface ContactVersion {
  contact: ContactSnapshot;
  version: Date;
}

/** The local copy of contacts, kept from contact events; asks the contacts service when a contact is not known yet. */
@Injectable()
export class ContactsViewService {
  private readonly logger = new Logger(ContactsViewService.name);

  constructor(
    @InjectRepository(ContactViewEntity) private readonly contacts: Repository<ContactViewEntity>,
    private readonly rpc: RpcClient,
  ) {}

  /** The contact, or null when it does not exist in the account (or was deleted). */
  async find(accountId: number, contactId: number): Promise<ContactViewEntity | null> {
    const known = await this.contacts.findOneBy({ id: contactId });
    // A tombstone, or a row of another account, is final (ids are never reused).
    if (known) return known.accountId === accountId && !known.deleted ? known : null;
    // Created a moment ago and its event not applied yet: ask the owner.
    return this.fromOwner(accountId, contactId);
  }

  /** `find` for several contacts: one read of the view, the owner asked for each contact it does not know yet. */
  async findMany(accountId: number, contactIds: number[]): Promise<Map<number, ContactViewEntity>> {
    const known = await this.contacts.findBy({ id: In(contactIds) });
    const found = new Map(known.filter((contact) => contact.accountId === accountId && !contact.deleted).map((contact) => [contact.id, contact]));
    const seen = new Set(known.map((contact) => contact.id));
    const asked = await Promise.all(contactIds.filter((id) => !seen.has(id)).map((id) => this.fromOwner(accountId, id)));
    for (const contact of asked) if (contact) found.set(contact.id, contact);
    return found;
  }

  /**
   * The contact as the contacts service has it now, or null when it has none in the account. The
   * answer is kept unless the view holds a newer version; it is returned as given either way (its
   * version, in whole seconds, may lose a tie with an event of the same second that it is newer than).
   */
  async fromOwner(accountId: number, contactId: number): Promise<ContactViewEntity | null> {
    const snapshot = await this.rpc.send(ContactLookupPatterns.find, { account_id: accountId, id: contactId }, { timeoutMs: OWNER_LOOKUP_TIMEOUT_MS });
    if (!snapshot) return null;
    await this.apply(this.contacts.manager, snapshot, new Date(snapshot.updated_at * 1000));
    return this.contacts.create({
      id: snapshot.id,
      accountId: snapshot.account_id,
      name: snapshot.name,
      email: snapshot.email,
      phoneNumber: snapshot.phone_number,
      identifier: snapshot.identifier,
      thumbnail: snapshot.thumbnail,
      blocked: snapshot.blocked,
      additionalAttributes: snapshot.additional_attributes ?? {},
      deleted: false,
    });
  }

  /** Upserts the contact unless the copy held is newer. */
  async apply(tx: EntityManager, contact: ContactSnapshot, version: Date): Promise<void> {
    await this.applyMany(tx, [{ contact, version }]);
  }

  /** Upserts many contacts in one statement; of several versions of one contact, the newest (the later on a tie) counts. */
  async applyMany(tx: EntityManager, versions: ContactVersion[]): Promise<void> {
    // One row per contact: an upsert may not touch the same row twice.
    const newest = new Map<number, ContactVersion>();
    for (const item of versions) {
      const held = newest.get(item.contact.id);
      if (!held || held.version <= item.version) newest.set(item.contact.id, item);
    }
    const rows = [...newest.values()];
    if (rows.length === 0) return;
    const column = <T>(pick: (item: ContactVersion) => T) => rows.map(pick);
    await tx.query(
      `INSERT INTO messaging.contacts_view (id, account_id, name, email, phone_number, identifier, thumbnail, blocked, additional_attributes, source_updated_at)
       SELECT c.* FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bool[], $9::jsonb[], $10::timestamptz[])
              AS c(id, account_id, name, email, phone_number, identifier, thumbnail, blocked, additional_attributes, source_updated_at)
        WHERE EXISTS (SELECT 1 FROM messaging.accounts a WHERE a.id = c.account_id)
       ON CONFLICT (id) DO UPDATE SET
         name = EXCLUDED.name, email = EXCLUDED.email, phone_number = EXCLUDED.phone_number, identifier = EXCLUDED.identifier,
         thumbnail = EXCLUDED.thumbnail, blocked = EXCLUDED.blocked, additional_attributes = EXCLUDED.additional_attributes,
         source_updated_at = EXCLUDED.source_updated_at
       WHERE contacts_view.source_updated_at <= EXCLUDED.source_updated_at AND NOT contacts_view.deleted`,
      [
        column(({ contact }) => contact.id),
        column(({ contact }) => contact.account_id),
        column(({ contact }) => contact.name),
        column(({ contact }) => contact.email),
        column(({ contact }) => contact.phone_number),
        column(({ contact }) => contact.identifier),
        column(({ contact }) => contact.thumbnail),
        column(({ contact }) => contact.blocked),
        column(({ contact }) => JSON.stringify(contact.additional_attributes ?? {})),
        column(({ version }) => version),
      ],
    );
  }

  /** Marks the contact gone, so late events cannot bring it back. */
  async tombstone(tx: EntityManager, accountId: number, contactId: number, version: Date): Promise<void> {
    await tx.query(
      `INSERT INTO messaging.contacts_view (id, account_id, deleted, source_updated_at)
       SELECT $1, $2, true, $3 WHERE EXISTS (SELECT 1 FROM messaging.accounts WHERE id = $2)
       ON CONFLICT (id) DO UPDATE SET deleted = true, source_updated_at = GREATEST(contacts_view.source_updated_at, EXCLUDED.source_updated_at)`,
      [contactId, accountId, version],
    );
    this.logger.debug(`Contact ${contactId} of account ${accountId} is gone`);
  }
}
