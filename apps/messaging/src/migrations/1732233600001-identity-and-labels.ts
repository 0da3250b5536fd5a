import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Identity1732233600001 implements MigrationInterface {
  name = 'Identity1732233600001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE messaging.accounts (
        id serial PRIMARY KEY,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE messaging.users (
        id serial PRIMARY KEY,
        name text NOT NULL,
        display_name text,
        email text NOT NULL,
        password_hash text,
        confirmed boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX users_email_key ON messaging.users (lower(email))`);
    await runner.query(`
      CREATE TABLE messaging.access_tokens (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES messaging.users (id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX access_tokens_user_idx ON messaging.access_tokens (user_id)`);
    await runner.query(`
      CREATE TABLE messaging.account_users (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES messaging.accounts (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES messaging.users (id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('administrator', 'agent')),
        availability_status text NOT NULL DEFAULT 'offline' CHECK (availability_status IN ('online', 'busy', 'offline')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (account_id, user_id)
      )`);
    await runner.query(`CREATE INDEX account_users_user_idx ON messaging.account_users (user_id)`);
    await runner.query(`
      CREATE TABLE messaging.labels (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES messaging.accounts (id) ON DELETE CASCADE,
        title text NOT NULL,
        description text,
        color text NOT NULL,
        show_on_sidebar boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (account_id, title)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['labels', 'account_users', 'access_tokens', 'users', 'accounts']) {
      await runner.query(`DROP TABLE IF EXISTS messaging.${table}`);
    }
  }
}
