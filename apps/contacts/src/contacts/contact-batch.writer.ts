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
       SELECT $1, r.name, r.email, r.phone_number, r.identifier, r.additional_attributes, r.custom_attributes
         FROM ${writtenRowsOf('$2')} ORDER BY r.position
       RETURNING id`,
      [accountId, writtenRows(contacts)],
    );
    return rows.map((row) => row.id);
  }

  async updateMany(tx: EntityManager, contacts: Array<WrittenContact & { id: number }>): Promise<void> {
    if (contacts.length === 0) return;
    await tx.query(
      `UPDATE contacts.contacts c
          SET name = r.name, email = r.email, phone_number = r.phone_number, identifier = r.identifier,
              additional_attributes = r.additional_attributes, custom_attributes = r.custom_attributes, updated_at = now()
         FROM ${writtenRowsOf('$1')}
        WHERE c.id = r.id`,
      [writtenRows(contacts)],
    );
  }
}

/**
 * The rows of `parameter` (writtenRows) as `r`, in their order (`r.position`). One JSON document
 * rather than an array per column: array literals are escaped element by element on both sides,
 * which made an import's inserts a fifth slower (bench/README.md, bench:import).
 */
function writtenRowsOf(parameter: string): string {
  return `ROWS FROM (jsonb_to_recordset(${parameter}::jsonb) AS (id int, name text, email text, phone_number text,
           identifier text, additional_attributes jsonb, custom_attributes jsonb))
         WITH ORDINALITY AS r(id, name, email, phone_number, identifier, additional_attributes, custom_attributes, position)`;
}

function writtenRows(contacts: Array<WrittenContact & { id?: number | null }>): string {
  return JSON.stringify(
    contacts.map((c) => ({
      id: c.id ?? null,
      name: c.name,
      email: c.email,
      phone_number: c.phone_number,
      identifier: c.identifier,
      additional_attributes: c.additional_attributes,
      custom_attributes: c.custom_attributes,
    })),
  );
}
