import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A trigram index for the contact list's `q` (substring match), which otherwise reads every
 * contact of the account. pg_trgm is a trusted extension; where the service's role may not
 * create it, deploy/sql creates it beforehand and this finds it in whatever schema it is.
 */
export class ContactSubstringIndex1732233600002 implements MigrationInterface {
  name = 'ContactSubstringIndex1732233600002';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA contacts');
    const [{ schema }]: Array<{ schema: string }> = await runner.query(
      `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    );
    await runner.query(
      `CREATE INDEX contacts_substring_idx ON contacts.contacts USING gin ((coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone_number, '') || ' ' || coalesce(identifier, '')) "${schema}".gin_trgm_ops)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX IF EXISTS contacts.contacts_substring_idx');
  }
}
