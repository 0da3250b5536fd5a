import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Macros: global ones for the whole account, personal ones for their creator. */
export class Macros1764000000002 implements MigrationInterface {
  name = 'Macros1764000000002';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE automation.macros (
        id serial PRIMARY KEY,
        account_id integer NOT NULL,
        name text NOT NULL,
        visibility text NOT NULL CHECK (visibility IN ('global', 'personal')),
        actions jsonb NOT NULL,
        created_by integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX macros_account_idx ON automation.macros (account_id, id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE automation.macros`);
  }
}
