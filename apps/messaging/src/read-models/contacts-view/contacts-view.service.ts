import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ContactLookupPatterns, type ContactSnapshot } from '@parley/contracts';
import { OWNER_LOOKUP_TIMEOUT_MS, ownerVersion, readThrough, RpcClient } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { contactViewItem, ContactsViewWriter } from './contacts-view.writer';
import { CONTACT_VIEW_COLUMNS, type ContactViewRow } from './persistence/contact-view.row';

/** A contact as the view holds it, for features that take contacts from this view. */
export type ViewedContact = ContactViewRow;

const SELECT_CONTACTS = `SELECT ${CONTACT_VIEW_COLUMNS} FROM messaging.contacts_view WHERE id = ANY($1::int[])`;

/** Reads of the local copy of contacts (kept by ContactsViewConsumer); asks the contacts service when a contact is not known yet. */
@Injectable()
export class ContactsViewService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writer: ContactsViewWriter,
    private readonly rpc: RpcClient,
  ) {}

  /** The contact, or null when it does not exist in the account (or was deleted). */
  async find(accountId: number, contactId: number): Promise<ViewedContact | null> {
    const [known] = await this.read([contactId]);
    // A tombstone, or a row of another account, is final (ids are never reused); a contact
    // created a moment ago, its event not applied yet, is asked of the owner.
    return readThrough({
      known,
      live: (contact) => contact.account_id === accountId && !contact.deleted,
      show: (contact) => contact,
      askOwner: () => this.askOwner(accountId, contactId),
      keep: (snapshot) => this.keep(snapshot),
      showAnswer: (snapshot) => this.shown(snapshot),
    });
  }

  /** `find` for several contacts: one read of the view, the owner asked for each contact it does not know yet. */
  async findMany(accountId: number, contactIds: number[]): Promise<Map<number, ViewedContact>> {
    const known = await this.read(contactIds);
    const found = new Map(
      known
        .filter((contact) => contact.account_id === accountId && !contact.deleted)
        .map((contact) => [contact.id, contact]),
    );
    const seen = new Set(known.map((contact) => contact.id));
    const asked = await Promise.all(
      contactIds.filter((id) => !seen.has(id)).map((id) => this.fromOwner(accountId, id)),
    );
    for (const contact of asked) if (contact) found.set(contact.id, contact);
    return found;
  }

  /**
   * The contact as the contacts service has it now, or null when it has none in the account. The
   * answer is kept unless the view holds a newer version; it is returned as given either way (its
   * version, in whole seconds, may lose a tie with an event of the same second that it is newer than).
   */
  async fromOwner(accountId: number, contactId: number): Promise<ViewedContact | null> {
    const snapshot = await this.askOwner(accountId, contactId);
    if (!snapshot) return null;
    await this.keep(snapshot);
    return this.shown(snapshot);
  }

  private read(contactIds: number[]): Promise<ViewedContact[]> {
    return this.dataSource.query(SELECT_CONTACTS, [contactIds]);
  }

  private askOwner(accountId: number, contactId: number): Promise<ContactSnapshot | null> {
    return this.rpc.send(
      ContactLookupPatterns.find,
      { account_id: accountId, id: contactId },
      { timeoutMs: OWNER_LOOKUP_TIMEOUT_MS },
    );
  }

  private async keep(snapshot: ContactSnapshot): Promise<void> {
    await this.writer.contacts.recordOne(this.dataSource.manager, contactViewItem(snapshot), ownerVersion(snapshot));
  }

  private shown(snapshot: ContactSnapshot): ViewedContact {
    return { ...contactViewItem(snapshot), deleted: false };
  }
}
