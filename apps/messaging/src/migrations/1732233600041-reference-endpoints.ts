import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Platform agent bots (no account), users' saved custom filters (per membership: they go with
 * the user, the account, or the user's removal from it) and single-use sign-in links.
 */
export class ReferenceEndpoints1732233600041 implements MigrationInterface {
  name = 'ReferenceEndpoints1732233600041';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE messaging.agent_bots ALTER COLUMN account_id DROP NOT NULL`);
    await runner.query(`
      CREATE TABLE messaging.custom_filters (
        id serial PRIMARY KEY,
        account_id integer NOT NULL,
        user_id integer NOT NULL,
        name text NOT NULL,
        filter_type text NOT NULL CHECK (filter_type IN ('conversation', 'contact', 'report')),
        query jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (account_id, user_id) REFERENCES messaging.account_users (account_id, user_id) ON DELETE CASCADE
      )`);
    await runner.query(
      `CREATE INDEX custom_filters_owner_idx ON messaging.custom_filters (account_id, user_id, filter_type, id)`,
    );
    await runner.query(`
      CREATE TABLE messaging.sign_in_links (
        token_hash char(64) PRIMARY KEY,
        user_id integer NOT NULL REFERENCES messaging.users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX sign_in_links_user_idx ON messaging.sign_in_links (user_id)`);
    await runner.query(`CREATE INDEX sign_in_links_expiry_idx ON messaging.sign_in_links (expires_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE messaging.sign_in_links`);
    await runner.query(`DROP TABLE messaging.custom_filters`);
    await runner.query(`DELETE FROM messaging.agent_bots WHERE account_id IS NULL`);
    await runner.query(`ALTER TABLE messaging.agent_bots ALTER COLUMN account_id SET NOT NULL`);
  }
}
