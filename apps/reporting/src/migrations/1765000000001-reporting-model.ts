import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reporting read model: facts (one row per reportable happening), hourly roll-ups of them
 * per account × scope (account, agent, inbox, team, label), per-conversation progress the
 * definitions need, the current state of conversations (live reports), and what reporting
 * knows of messaging's inboxes, teams, labels and agents.
 */
export class ReportingModel1765000000001 implements MigrationInterface {
  name = 'ReportingModel1765000000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE reporting.facts (
        id bigserial PRIMARY KEY,
        account_id integer NOT NULL,
        kind smallint NOT NULL,
        at timestamptz NOT NULL,
        conversation_id integer NOT NULL,
        inbox_id integer,
        agent_id integer,
        team_id integer,
        label_ids integer[] NOT NULL DEFAULT '{}',
        value bigint NOT NULL DEFAULT 0,
        value_bh bigint NOT NULL DEFAULT 0,
        samples integer NOT NULL DEFAULT 1
      )`);
    await runner.query(`CREATE INDEX facts_account_at_idx ON reporting.facts (account_id, at)`);
    await runner.query(`
      CREATE TABLE reporting.rollups (
        account_id integer NOT NULL,
        scope smallint NOT NULL,
        scope_id integer NOT NULL,
        hour timestamptz NOT NULL,
        conversations integer NOT NULL DEFAULT 0,
        incoming integer NOT NULL DEFAULT 0,
        outgoing integer NOT NULL DEFAULT 0,
        resolutions integer NOT NULL DEFAULT 0,
        frt_sum bigint NOT NULL DEFAULT 0,
        frt_bh_sum bigint NOT NULL DEFAULT 0,
        frt_n integer NOT NULL DEFAULT 0,
        res_sum bigint NOT NULL DEFAULT 0,
        res_bh_sum bigint NOT NULL DEFAULT 0,
        reply_sum bigint NOT NULL DEFAULT 0,
        reply_bh_sum bigint NOT NULL DEFAULT 0,
        reply_n integer NOT NULL DEFAULT 0,
        bot_resolutions integer NOT NULL DEFAULT 0,
        bot_handoffs integer NOT NULL DEFAULT 0,
        bot_sessions integer NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, scope, scope_id, hour)
      )`);
    await runner.query(`
      CREATE TABLE reporting.label_keys (
        id serial PRIMARY KEY,
        account_id integer NOT NULL,
        title text NOT NULL,
        UNIQUE (account_id, title)
      )`);
    await runner.query(`
      CREATE TABLE reporting.conversation_progress (
        account_id integer NOT NULL,
        conversation_id integer NOT NULL,
        first_reply_at bigint,
        pending bigint[] NOT NULL DEFAULT '{}',
        human_replied boolean NOT NULL DEFAULT false,
        bot_session boolean NOT NULL DEFAULT false,
        open_since bigint,
        PRIMARY KEY (account_id, conversation_id)
      )`);
    await runner.query(`
      CREATE TABLE reporting.conversation_states (
        account_id integer NOT NULL,
        conversation_id integer NOT NULL,
        inbox_id integer NOT NULL,
        team_id integer,
        assignee_id integer,
        labels text[] NOT NULL DEFAULT '{}',
        status text NOT NULL,
        waiting_since bigint,
        first_reply_at bigint,
        created_at bigint NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        source_at timestamptz NOT NULL,
        PRIMARY KEY (account_id, conversation_id)
      )`);
    await runner.query(
      `CREATE INDEX conversation_states_status_idx ON reporting.conversation_states (account_id, status)`,
    );
    await runner.query(`
      CREATE TABLE reporting.inboxes_view (
        id integer PRIMARY KEY,
        account_id integer NOT NULL,
        name text NOT NULL,
        working_hours_enabled boolean NOT NULL,
        working_hours jsonb NOT NULL,
        timezone text NOT NULL,
        csat_survey_enabled boolean NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        source_at timestamptz NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE reporting.teams_view (
        id integer PRIMARY KEY,
        account_id integer NOT NULL,
        name text NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        source_at timestamptz NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE reporting.labels_view (
        id integer PRIMARY KEY,
        account_id integer NOT NULL,
        title text NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        source_at timestamptz NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE reporting.users_view (
        id integer PRIMARY KEY,
        name text NOT NULL,
        source_at timestamptz NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE reporting.agents_view (
        account_id integer NOT NULL,
        user_id integer NOT NULL,
        role text NOT NULL,
        availability_status text NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        source_at timestamptz NOT NULL,
        PRIMARY KEY (account_id, user_id)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'agents_view',
      'users_view',
      'labels_view',
      'teams_view',
      'inboxes_view',
      'conversation_states',
      'conversation_progress',
      'label_keys',
      'rollups',
      'facts',
    ]) {
      await runner.query(`DROP TABLE reporting.${table}`);
    }
  }
}
