import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ContactLookupPatterns, type ContactSnapshot } from '@parley/contracts';
import { OWNER_LOOKUP_TIMEOUT_MS, ownerVersion, readThrough, RpcClient } from '@parley/service-kit';
import { In, Repository } from 'typeorm';
import { contactViewItem, ContactsViewWriter } from './contacts-view.writer';
import { ContactViewEntity } from './persistence/contact-view.orm-entity';

/** A contact as the view holds it, for features that take contacts from this view. */
export type ViewedContact = ContactViewEntity;

/** Reads of the local copy of contacts (kept by ContactsViewConsumer); asks the contacts service when a contact is not known yet. */
@Injectable()
export class ContactsViewService {
  constructor(
    @InjectRepository(ContactViewEntity) private readonly contacts: Repository<ContactViewEntity>,
    private readonly writer: ContactsViewWriter,
    private readonly rpc: RpcClient,
  ) {}

  /** The contact, or null when it does not exist in the account (or was deleted). */
  async find(accountId: number, contactId: number): Promise<ContactViewEntity | null> {
    const known = (await this.contacts.findOneBy({ id: contactId })) ?? undefined;
    // A tombstone, or a row of another account, is final (ids are never reused); a contact
    // created a moment ago, its event not applied yet, is asked of the owner.
    return readThrough({
      known,
      live: (contact) => contact.accountId === accountId && !contact.deleted,
      show: (contact) => contact,
      askOwner: () => this.askOwner(accountId, contactId),
      keep: (snapshot) => this.keep(snapshot),
      showAnswer: (snapshot) => this.shown(snapshot),
    });
  }

  /** `find` for several contacts: one read of the view, the owner asked for each contact it does not know yet. */
  async findMany(accountId: number, contactIds: number[]): Promise<Map<number, ContactViewEntity>> {
    const known = await this.contacts.findBy({ id: In(contactIds) });
    const found = new Map(
      known
        .filter((contact) => contact.accountId === accountId && !contact.deleted)
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
  async fromOwner(accountId: number, contactId: number): Promise<ContactViewEntity | null> {
    const snapshot = await this.askOwner(accountId, contactId);
    if (!snapshot) return null;
    await this.keep(snapshot);
    return this.shown(snapshot);
  }

  private askOwner(accountId: number, contactId: number): Promise<ContactSnapshot | null> {
    return this.rpc.send(
      ContactLookupPatterns.find,
      { account_id: accountId, id: contactId },
      { timeoutMs: OWNER_LOOKUP_TIMEOUT_MS },
    );
  }

  private async keep(snapshot: ContactSnapshot): Promise<void> {
    await this.writer.contacts.recordOne(this.contacts.manager, contactViewItem(snapshot), ownerVersion(snapshot));
  }

  private shown(snapshot: ContactSnapshot): ContactViewEntity {
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
}
