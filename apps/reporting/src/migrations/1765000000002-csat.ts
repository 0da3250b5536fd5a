import type { MigrationInterface, QueryRunner } from 'typeorm';

/** CSAT: the surveys messaging sent (learned from their messages) and the contacts' ratings, one per survey. */
export class Csat1765000000002 implements MigrationInterface {
  name = 'Csat1765000000002';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE reporting.csat_surveys (
        token uuid PRIMARY KEY,
        account_id integer NOT NULL,
        conversation_id integer NOT NULL,
        inbox_id integer NOT NULL,
        assignee_id integer,
        bot_handled boolean NOT NULL,
        sent_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX csat_surveys_account_idx ON reporting.csat_surveys (account_id, sent_at)`);
    await runner.query(`
      CREATE TABLE reporting.csat_responses (
        id serial PRIMARY KEY,
        token uuid NOT NULL UNIQUE REFERENCES reporting.csat_surveys (token),
        account_id integer NOT NULL,
        rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
        feedback_message text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX csat_responses_account_idx ON reporting.csat_responses (account_id, created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE reporting.csat_responses`);
    await runner.query(`DROP TABLE reporting.csat_surveys`);
  }
}
