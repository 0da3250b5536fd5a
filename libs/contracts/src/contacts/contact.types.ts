import type { InboxSnapshot } from '../inboxes/inbox.events';
import type { ContactSnapshot } from './contact-snapshot';

export const CONTACTS_PAGE_SIZE = 15;
export const CONTACTS_MAX_PER_PAGE = 100;
export const CONTACT_SORT_FIELDS = ['name', 'phone_number', 'email', 'created_at', 'last_activity_at'] as const;

/**
 * The inbox of a contact's link, as the inbox endpoints render it (never with the signing
 * secret). A link kept before contacts stored whole inboxes shows id, name and channel_type
 * until the inbox's next change brings the rest.
 */
export type LinkedInbox = Pick<InboxSnapshot, 'id' | 'name' | 'channel_type'> & Partial<InboxSnapshot>;

export interface ContactInboxLink {
  source_id: string;
  inbox: LinkedInbox;
}

/** Online while the contact's last activity is recent (CONTACT_ONLINE_WINDOW_SECONDS). */
export type ContactAvailability = 'online' | 'offline';
export const CONTACT_ONLINE_WINDOW_SECONDS = 5 * 60;

/** A contact as the REST API shows it: what other contexts know of it, and more. */
export interface Contact extends ContactSnapshot {
  last_activity_at: number | null;
  availability_status: ContactAvailability;
  /** On the detail, and on list, search and filter items unless `include_contact_inboxes` is false. */
  contact_inboxes?: ContactInboxLink[];
}

export interface ContactFields {
  name?: string | null;
  email?: string | null;
  phone_number?: string | null;
  identifier?: string | null;
  avatar_url?: string | null;
  additional_attributes?: Record<string, unknown>;
  custom_attributes?: Record<string, unknown>;
  blocked?: boolean;
}

export interface CreateContactInput extends ContactFields {
  inbox_id: number;
  /** The contact's id at the channel; generated when omitted. */
  source_id?: string | null;
}

export interface ContactListQuery {
  q?: string;
  page?: number;
  per_page?: number;
  /** A sort field, `-` in front for descending. */
  sort?: string;
  include_contact_inboxes?: boolean;
}

export interface ContactPage {
  meta: { count: number; current_page: number };
  payload: Contact[];
}

export interface ContactSearchPage {
  meta: { count: number; current_page: number; has_more: boolean };
  payload: Array<Contact & { conversations?: unknown[] }>;
}

export interface ContactNote {
  id: number;
  contact_id: number;
  content: string;
  user: { id: number } | null;
  created_at: number;
  updated_at: number;
}

export const IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export interface ContactImport {
  id: number;
  account_id: number;
  status: ImportStatus;
  rows_total: number | null;
  processed: number;
  created: number;
  updated: number;
  failed: number;
  /** Estimated completion while running (ISO 8601). */
  eta: string | null;
  failure_reason: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export const CONTACT_IMPORT_MAX_ROWS = 50_000;
