import type { FilterCondition } from '../conversations/conversation.types';
import type { AccountScoped, ById } from '../rpc/caller';
import type {
  Contact,
  ContactFields,
  ContactImport,
  ContactInboxLink,
  ContactListQuery,
  ContactNote,
  ContactPage,
  ContactSearchPage,
  CreateContactInput,
} from './contact.types';

export const ContactPatterns = {
  list: 'contacts.contacts.list',
  search: 'contacts.contacts.search',
  filter: 'contacts.contacts.filter',
  /** Checks a filter payload as `filter` does, without running it (saved custom filters). */
  checkFilter: 'contacts.contacts.check_filter',
  show: 'contacts.contacts.show',
  create: 'contacts.contacts.create',
  update: 'contacts.contacts.update',
  delete: 'contacts.contacts.delete',
  block: 'contacts.contacts.block',
  unblock: 'contacts.contacts.unblock',
  listLabels: 'contacts.contacts.labels.list',
  setLabels: 'contacts.contacts.labels.set',
  listInboxes: 'contacts.contact_inboxes.list',
  createInbox: 'contacts.contact_inboxes.create',
  contactableInboxes: 'contacts.contact_inboxes.contactable',
  listNotes: 'contacts.notes.list',
  createNote: 'contacts.notes.create',
  updateNote: 'contacts.notes.update',
  deleteNote: 'contacts.notes.delete',
  merge: 'contacts.contacts.merge',
  createImport: 'contacts.imports.create',
  showImport: 'contacts.imports.show',
  importErrors: 'contacts.imports.errors',
} as const;

export interface ContactsRpc {
  [ContactPatterns.list]: { request: AccountScoped & { query: ContactListQuery }; response: ContactPage };
  [ContactPatterns.search]: {
    request: AccountScoped & {
      q: string;
      page?: number;
      include_conversations?: boolean;
      include_contact_inboxes?: boolean;
    };
    response: ContactSearchPage;
  };
  [ContactPatterns.filter]: {
    request: AccountScoped & { payload: FilterCondition[]; page?: number; include_contact_inboxes?: boolean };
    response: ContactPage;
  };
  [ContactPatterns.checkFilter]: { request: { account_id: number; payload: FilterCondition[] }; response: null };
  [ContactPatterns.show]: { request: ById; response: Contact };
  [ContactPatterns.create]: {
    request: AccountScoped & { data: CreateContactInput };
    response: { contact: Contact; contact_inbox: ContactInboxLink };
  };
  [ContactPatterns.update]: { request: ById & { data: ContactFields }; response: Contact };
  [ContactPatterns.delete]: { request: ById; response: null };
  [ContactPatterns.block]: { request: ById; response: Contact };
  [ContactPatterns.unblock]: { request: ById; response: Contact };
  [ContactPatterns.listLabels]: { request: ById; response: string[] };
  [ContactPatterns.setLabels]: { request: ById & { labels: string[] }; response: string[] };
  [ContactPatterns.listInboxes]: { request: ById; response: ContactInboxLink[] };
  [ContactPatterns.createInbox]: {
    request: ById & { inbox_id: number; source_id?: string | null };
    response: ContactInboxLink;
  };
  [ContactPatterns.contactableInboxes]: {
    request: ById;
    response: Array<{ source_id: string | null; inbox: ContactInboxLink['inbox'] }>;
  };
  [ContactPatterns.listNotes]: { request: ById; response: ContactNote[] };
  [ContactPatterns.createNote]: { request: ById & { content: string }; response: ContactNote };
  [ContactPatterns.updateNote]: { request: ById & { note_id: number; content: string }; response: ContactNote };
  [ContactPatterns.deleteNote]: { request: ById & { note_id: number }; response: null };
  [ContactPatterns.merge]: {
    request: AccountScoped & { base_contact_id: number; mergee_contact_id: number };
    response: Contact;
  };
  [ContactPatterns.createImport]: { request: AccountScoped & { file_key: string }; response: ContactImport };
  [ContactPatterns.showImport]: { request: ById; response: ContactImport };
  /** The failed rows as CSV, written to the shared storage (it can be large): the gateway streams it. */
  [ContactPatterns.importErrors]: { request: ById; response: { file_key: string } };
}
