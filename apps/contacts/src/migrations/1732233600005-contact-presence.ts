import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Contacts' `/cable` presence: one row per gateway replica holding a socket of the contact, and
 * on the contact the latest end of them (`present_until`), so every read of a contact shows it
 * online while a socket is connected without looking further.
 */
export class ContactPresence1732233600005 implements MigrationInterface {
  name = 'ContactPresence1732233600005';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE contacts.contact_presence (
         contact_id integer NOT NULL,
         replica text NOT NULL,
         expires_at timestamptz NOT NULL,
         PRIMARY KEY (contact_id, replica)
       )`,
    );
    await runner.query('ALTER TABLE contacts.contacts ADD COLUMN present_until timestamptz');
    await runner.query(
      'CREATE INDEX contacts_present_until ON contacts.contacts (account_id, present_until) WHERE present_until IS NOT NULL',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX IF EXISTS contacts.contacts_present_until');
    await runner.query('ALTER TABLE contacts.contacts DROP COLUMN IF EXISTS present_until');
    await runner.query('DROP TABLE IF EXISTS contacts.contact_presence');
  }
}
