import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stage automations, their run log, and the durable timers of time-in-stage automations: one
 * row per (automation, stage visit), claimed by the workers of every replica with a lease.
 */
export class KanbanAutomations1765000000003 implements MigrationInterface {
  name = 'KanbanAutomations1765000000003';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE kanban.automations (
        id serial PRIMARY KEY,
        account_id integer NOT NULL,
        funnel_id integer NOT NULL REFERENCES kanban.funnels (id) ON DELETE CASCADE,
        name text NOT NULL,
        trigger text NOT NULL CHECK (trigger IN ('item_created', 'stage_entered', 'stage_left', 'status_changed', 'time_in_stage')),
        stage_key text,
        hours double precision,
        conditions jsonb NOT NULL DEFAULT '[]',
        actions jsonb NOT NULL,
        active boolean NOT NULL DEFAULT true,
        created_by integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX automations_account_idx ON kanban.automations (account_id, id)`);
    await runner.query(`CREATE INDEX automations_trigger_idx ON kanban.automations (funnel_id, trigger) WHERE active`);
    await runner.query(`
      CREATE TABLE kanban.automation_runs (
        id bigserial PRIMARY KEY,
        automation_id integer NOT NULL REFERENCES kanban.automations (id) ON DELETE CASCADE,
        card_id integer NOT NULL,
        trigger text NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('success', 'failed')),
        detail text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `CREATE INDEX automation_runs_automation_idx ON kanban.automation_runs (automation_id, id DESC)`,
    );
    await runner.query(`
      CREATE TABLE kanban.automation_timers (
        id bigserial PRIMARY KEY,
        automation_id integer NOT NULL REFERENCES kanban.automations (id) ON DELETE CASCADE,
        card_id integer NOT NULL REFERENCES kanban.cards (id) ON DELETE CASCADE,
        visit_id bigint NOT NULL REFERENCES kanban.card_stage_visits (id) ON DELETE CASCADE,
        due_at timestamptz NOT NULL,
        leased_until timestamptz,
        UNIQUE (automation_id, visit_id)
      )`);
    await runner.query(`CREATE INDEX automation_timers_due_idx ON kanban.automation_timers (due_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['automation_timers', 'automation_runs', 'automations'])
      await runner.query(`DROP TABLE kanban.${table}`);
  }
}
