import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ContactRow } from './persistence/contact.row';

/** The fields a set-wise write stores. */
export type WrittenContact = Pick<
  ContactRow,
  'name' | 'email' | 'phone_number' | 'identifier' | 'additional_attributes' | 'custom_attributes'
>;

/** A contact as `matching` reads it. */
export type MatchedContact = WrittenContact & Pick<ContactRow, 'id' | 'blocked' | 'created_at'>;

/** Set-wise reads and writes of many contacts in one statement each, for imports. */
@Injectable()
export class ContactBatchWriter {
  /**
   * The account's contacts holding any of these values, locked until the end of `tx`. One probe
   * of a unique index per value: the `LIMIT 1` keeps each probe a nested index lookup whatever
   * the statistics say — a table an import is filling has none yet, and a planner left to guess
   * scans the whole account for every batch.
   */
  async matching(
    tx: EntityManager,
    accountId: number,
    values: { identifiers: string[]; emails: string[]; phones: string[] },
  ): Promise<MatchedContact[]> {
    const { identifiers, emails, phones } = values;
    if (!identifiers.length && !emails.length && !phones.length) return [];
    return tx.query(
      `SELECT id, name, email, phone_number, identifier, additional_attributes, custom_attributes, blocked, created_at
         FROM contacts.contacts
        WHERE id = ANY (ARRAY(
                SELECT m.id FROM unnest($2::text[]) AS k(v) CROSS JOIN LATERAL (
                  SELECT id FROM contacts.contacts WHERE account_id = $1 AND identifier IS NOT NULL AND identifier = k.v LIMIT 1) m
                UNION SELECT m.id FROM unnest($3::text[]) AS k(v) CROSS JOIN LATERAL (
                  SELECT id FROM contacts.contacts WHERE account_id = $1 AND email IS NOT NULL AND lower(email) = k.v LIMIT 1) m
                UNION SELECT m.id FROM unnest($4::text[]) AS k(v) CROSS JOIN LATERAL (
                  SELECT id FROM contacts.contacts WHERE account_id = $1 AND phone_number IS NOT NULL AND phone_number = k.v LIMIT 1) m))
        FOR UPDATE`,
      [accountId, identifiers, emails, phones],
    );
  }

  /** Answers the new contacts' ids, in the order given. */
  async insertMany(tx: EntityManager, accountId: number, contacts: WrittenContact[]): Promise<number[]> {
    if (contacts.length === 0) return [];
    const rows: Array<{ id: number }> = await tx.query(
      `INSERT INTO contacts.contacts (account_id, name, email, phone_number, identifier, additional_attributes, custom_attributes)
       SELECT $1, n, e, p, i, a, c FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::jsonb[]) WITH ORDINALITY AS r(n, e, p, i, a, c, o)
       ORDER BY o
       RETURNING id`,
      [accountId, ...columns(contacts)],
    );
    return rows.map((row) => row.id);
  }

  async updateMany(tx: EntityManager, contacts: Array<WrittenContact & { id: number }>): Promise<void> {
    if (contacts.length === 0) return;
    await tx.query(
      `UPDATE contacts.contacts c
          SET name = u.n, email = u.e, phone_number = u.p, identifier = u.i, additional_attributes = u.a, custom_attributes = u.c, updated_at = now()
         FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::jsonb[]) AS u(id, n, e, p, i, a, c)
        WHERE c.id = u.id`,
      [contacts.map((c) => c.id), ...columns(contacts)],
    );
  }
}

/** The written fields of many contacts, one array per column (for `unnest`). */
function columns(contacts: WrittenContact[]): unknown[][] {
  return [
    contacts.map((c) => c.name),
    contacts.map((c) => c.email),
    contacts.map((c) => c.phone_number),
    contacts.map((c) => c.identifier),
    contacts.map((c) => JSON.stringify(c.additional_attributes)),
    contacts.map((c) => JSON.stringify(c.custom_attributes)),
  ];
}
