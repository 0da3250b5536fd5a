import { Injectable } from '@nestjs/common';
import type { ContactSnapshot } from '@parley/contracts';
import { VersionedView } from '@parley/service-kit';
import { ACCOUNT_IDS_SQL } from '../../identity/identity.loader';
import type { ContactViewRow } from './persistence/contact-view.row';

/** A contact as the view keeps it (the columns of `contacts_view` but its tombstone and version). */
export type ContactViewItem = Omit<ContactViewRow, 'deleted'>;

/** What the view keeps of a contact's state. */
export function contactViewItem(contact: ContactSnapshot): ContactViewItem {
  const { id, account_id, name, email, phone_number, identifier, thumbnail, blocked } = contact;
  return {
    id,
    account_id,
    name,
    email,
    phone_number,
    identifier,
    thumbnail,
    blocked,
    additional_attributes: contact.additional_attributes ?? {},
  };
}

/** A contact known only by its id (one merged away): what a tombstone of a contact never seen holds. */
export function unseenContact(accountId: number, id: number): ContactViewItem {
  return {
    id,
    account_id: accountId,
    name: null,
    email: null,
    phone_number: null,
    identifier: null,
    thumbnail: null,
    blocked: false,
    additional_attributes: {},
  };
}

/** The one way rows of the view are written, by events and by answers asked of the contacts service alike (see VersionedView). */
@Injectable()
export class ContactsViewWriter {
  readonly contacts = new VersionedView<ContactViewItem>({
    table: 'messaging.contacts_view',
    key: ['id'],
    columns: [
      { name: 'id', type: 'int', value: (contact) => contact.id },
      { name: 'account_id', type: 'int', value: (contact) => contact.account_id },
      { name: 'name', type: 'text', value: (contact) => contact.name },
      { name: 'email', type: 'text', value: (contact) => contact.email },
      { name: 'phone_number', type: 'text', value: (contact) => contact.phone_number },
      { name: 'identifier', type: 'text', value: (contact) => contact.identifier },
      { name: 'thumbnail', type: 'text', value: (contact) => contact.thumbnail },
      { name: 'blocked', type: 'bool', value: (contact) => contact.blocked },
      { name: 'additional_attributes', type: 'jsonb', value: (contact) => contact.additional_attributes },
    ],
    // A contact event may arrive after its account was deleted here.
    insertWhen: `c.account_id IN ${ACCOUNT_IDS_SQL}`,
  });
}
