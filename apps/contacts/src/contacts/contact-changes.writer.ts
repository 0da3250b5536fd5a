import { Injectable } from '@nestjs/common';
import { ContactEvents, type Contact } from '@parley/contracts';
import { changedAttributes, type Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { toContactSnapshot } from './contact-snapshot.mapper';
import { toContact } from './contact.mapper';
import { CONTACT_COLUMNS, type ContactRow } from './persistence/contact.row';

const TRACKED: Array<keyof Contact> = [
  'name',
  'email',
  'phone_number',
  'identifier',
  'thumbnail',
  'blocked',
  'additional_attributes',
  'custom_attributes',
];

/** Writes of one contact inside the caller's transaction, shared by the contacts' use cases and other features. */
@Injectable()
export class ContactChangesWriter {
  /** Saves and, when something visible changed, publishes `contact.updated` with the changes (without one, writes only when `always`). */
  async saveChanges(
    tx: EntityManager,
    emit: Emit,
    row: ContactRow,
    before: Contact,
    options: { always?: boolean } = {},
  ): Promise<ContactRow> {
    const changes = changedAttributes(before, toContact(row), TRACKED);
    if (changes.length === 0 && !options.always) return row;
    const saved = await this.write(tx, row);
    if (changes.length > 0)
      await emit(ContactEvents.updated, saved.account_id, {
        contact: toContactSnapshot(saved),
        changed_attributes: changes,
      });
    return saved;
  }

  /** Stores the row's values; updated_at moves only when one of them changed. */
  async write(tx: EntityManager, row: ContactRow): Promise<ContactRow> {
    const [rows] = (await tx.query(
      `UPDATE contacts.contacts
          SET name = $2, email = $3, phone_number = $4, identifier = $5, avatar_url = $6, blocked = $7, additional_attributes = $8, custom_attributes = $9,
              labels = $10, last_activity_at = $11,
              updated_at = CASE WHEN (name, email, phone_number, identifier, avatar_url, blocked, additional_attributes, custom_attributes, labels, last_activity_at)
                                     IS DISTINCT FROM ($2::text, $3::text, $4::text, $5::text, $6::text, $7::boolean, $8::jsonb, $9::jsonb, $10::text[], $11::timestamptz)
                                THEN now() ELSE updated_at END
        WHERE id = $1 RETURNING ${CONTACT_COLUMNS}`,
      [
        row.id,
        row.name,
        row.email,
        row.phone_number,
        row.identifier,
        row.avatar_url,
        row.blocked,
        JSON.stringify(row.additional_attributes),
        JSON.stringify(row.custom_attributes),
        row.labels,
        row.last_activity_at,
      ],
    )) as [ContactRow[], number];
    return rows[0];
  }

  /** A new inbox link of the contact (unique per inbox and source id). */
  async insertLink(
    on: EntityManager,
    contact: Pick<ContactRow, 'id' | 'account_id'>,
    inboxId: number,
    sourceId: string,
  ): Promise<void> {
    await on.query(
      'INSERT INTO contacts.contact_inboxes (contact_id, account_id, inbox_id, source_id) VALUES ($1, $2, $3, $4)',
      [contact.id, contact.account_id, inboxId, sourceId],
    );
  }

  /** Deletes a contact inside the caller's transaction (its links and notes go with it). */
  async remove(tx: EntityManager, id: number): Promise<void> {
    await tx.query('DELETE FROM contacts.contacts WHERE id = $1', [id]);
  }
}
