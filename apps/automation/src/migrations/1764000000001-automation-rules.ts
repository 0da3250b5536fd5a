import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rules, and the log of their evaluations: one row per (rule, event), which is also what makes a
 * redelivered event run each rule at most once.
 */
export class AutomationRules1764000000001 implements MigrationInterface {
  name = 'AutomationRules1764000000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE automation.rules (
        id serial PRIMARY KEY,
        account_id integer NOT NULL,
        name text NOT NULL,
        description text,
        event_name text NOT NULL,
        conditions jsonb NOT NULL,
        actions jsonb NOT NULL,
        active boolean NOT NULL DEFAULT true,
        created_by integer NOT NULL,
        webhook_secret text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `CREATE INDEX rules_account_event_idx ON automation.rules (account_id, event_name, id) WHERE active`,
    );
    await runner.query(`
      CREATE TABLE automation.rule_runs (
        id bigserial PRIMARY KEY,
        rule_id integer NOT NULL REFERENCES automation.rules (id) ON DELETE CASCADE,
        event_id uuid NOT NULL,
        event_name text NOT NULL,
        conversation_id integer,
        matched boolean NOT NULL,
        actions jsonb NOT NULL DEFAULT '[]',
        occurred_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (rule_id, event_id)
      )`);
    await runner.query(`CREATE INDEX rule_runs_rule_idx ON automation.rule_runs (rule_id, occurred_at DESC, id DESC)`);
    await runner.query(`CREATE INDEX rule_runs_created_idx ON automation.rule_runs (created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE automation.rule_runs`);
    await runner.query(`DROP TABLE automation.rules`);
  }
}
