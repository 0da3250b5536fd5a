import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox (events committed with the change, published by the relay), the inbox (event
 * ids each consumer has applied) and the mail outbox (e-mails committed with the change,
 * sent by the mail relay). Every service's first migration calls this.
 */
export async function createKitTables(runner: QueryRunner, schema: string): Promise<void> {
  await runner.query(`
    CREATE TABLE "${schema}".outbox (
      seq bigserial PRIMARY KEY,
      id uuid NOT NULL UNIQUE,
      type text NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz
    )`);
  await runner.query(`CREATE INDEX outbox_unpublished_idx ON "${schema}".outbox (seq) WHERE published_at IS NULL`);
  await runner.query(
    `CREATE INDEX outbox_published_at_idx ON "${schema}".outbox (published_at) WHERE published_at IS NOT NULL`,
  );
  await runner.query(`
    CREATE TABLE "${schema}".inbox (
      consumer text NOT NULL,
      event_id uuid NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, event_id)
    )`);
  await runner.query(`
    CREATE TABLE "${schema}".mail_outbox (
      id bigserial PRIMARY KEY,
      recipient text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await runner.query(
    `CREATE INDEX mail_outbox_due_idx ON "${schema}".mail_outbox (next_attempt_at) WHERE sent_at IS NULL`,
  );
  // Filters compare free-form JSON values as numbers or dates: a value that is neither is null, not an error.
  await runner.query(`
    CREATE FUNCTION "${schema}".try_numeric(value text) RETURNS numeric LANGUAGE plpgsql IMMUTABLE AS $$
    BEGIN RETURN value::numeric; EXCEPTION WHEN others THEN RETURN NULL; END $$`);
  await runner.query(`
    CREATE FUNCTION "${schema}".try_timestamptz(value text) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
    BEGIN RETURN value::timestamptz; EXCEPTION WHEN others THEN RETURN NULL; END $$`);
}

export async function dropKitTables(runner: QueryRunner, schema: string): Promise<void> {
  await runner.query(`DROP FUNCTION IF EXISTS "${schema}".try_timestamptz(text)`);
  await runner.query(`DROP FUNCTION IF EXISTS "${schema}".try_numeric(text)`);
  await runner.query(`DROP TABLE IF EXISTS "${schema}".mail_outbox`);
  await runner.query(`DROP TABLE IF EXISTS "${schema}".inbox`);
  await runner.query(`DROP TABLE IF EXISTS "${schema}".outbox`);
}

/** The first migration of every service: its outbox and inbox, in its own schema. */
export function kitTablesMigration(schema: string): new () => MigrationInterface {
  return class KitTables1732233600000 implements MigrationInterface {
    name = 'KitTables1732233600000';

    async up(runner: QueryRunner): Promise<void> {
      await createKitTables(runner, schema);
    }

    async down(runner: QueryRunner): Promise<void> {
      await dropKitTables(runner, schema);
    }
  };
}
