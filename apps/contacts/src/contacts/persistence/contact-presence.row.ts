/** @owns contacts.contact_presence */

/** A `contact_presence` row: one gateway replica holds `/cable` sockets of the contact until `expires_at` (or says it left). */
export interface ContactPresenceRow {
  contact_id: number;
  replica: string;
  expires_at: Date;
}
