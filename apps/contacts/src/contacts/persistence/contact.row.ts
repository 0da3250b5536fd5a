/** @owns contacts.contacts */

/** A `contacts` row (its generated `search_vector` is only ever searched, never read). */
export interface ContactRow {
  id: number;
  account_id: number;
  name: string | null;
  email: string | null;
  phone_number: string | null;
  identifier: string | null;
  avatar_url: string | null;
  blocked: boolean;
  additional_attributes: Record<string, unknown>;
  custom_attributes: Record<string, unknown>;
  labels: string[];
  last_activity_at: Date | null;
  /** Until when a `/cable` socket of the contact is known to be connected (the latest of its replicas'). */
  present_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const CONTACT_COLUMNS =
  'id, account_id, name, email, phone_number, identifier, avatar_url, blocked, additional_attributes, custom_attributes, labels, last_activity_at, present_until, created_at, updated_at';
