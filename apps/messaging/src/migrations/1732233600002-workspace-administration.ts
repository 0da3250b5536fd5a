import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Invitations, teams, inboxes and their members, agent bots, custom attribute definitions, canned responses. */
export class WorkspaceAdministration1732233600002 implements MigrationInterface {
  name = 'WorkspaceAdministration1732233600002';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE messaging.users
        ADD COLUMN invitation_token_hash char(64) UNIQUE,
        ADD COLUMN invitation_expires_at timestamptz`);
    await runner.query(`
      CREATE TABLE messaging.teams (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES messaging.accounts (id) ON DELETE CASCADE,
        name text NOT NULL,
        description text,
        allow_auto_assign boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX teams_name_key ON messaging.teams (account_id, lower(name))`);
    await runner.query(`
      CREATE TABLE messaging.team_members (
        team_id integer NOT NULL REFERENCES messaging.teams (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES messaging.users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (team_id, user_id)
      )`);
    await runner.query(`CREATE INDEX team_members_user_idx ON messaging.team_members (user_id)`);
    await runner.query(`
      CREATE TABLE messaging.agent_bots (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES messaging.accounts (id) ON DELETE CASCADE,
        name text NOT NULL,
        description text,
        outgoing_url text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX agent_bots_account_idx ON messaging.agent_bots (account_id)`);
    await runner.query(`
      CREATE TABLE messaging.inboxes (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES messaging.accounts (id) ON DELETE CASCADE,
        name text NOT NULL,
        channel_type text NOT NULL,
        phone_number text,
        email text,
        website_url text,
        widget_color text,
        webhook_url text,
        inbox_identifier text UNIQUE,
        secret text,
        greeting_enabled boolean NOT NULL DEFAULT false,
        greeting_message text,
        working_hours_enabled boolean NOT NULL DEFAULT false,
        out_of_office_message text,
        working_hours jsonb NOT NULL DEFAULT '[]',
        timezone text NOT NULL DEFAULT 'UTC',
        csat_survey_enabled boolean NOT NULL DEFAULT false,
        enable_auto_assignment boolean NOT NULL DEFAULT true,
        max_assignment_limit integer CHECK (max_assignment_limit > 0),
        allow_messages_after_resolved boolean NOT NULL DEFAULT true,
        message_deleted_placeholder text,
        agent_bot_id integer REFERENCES messaging.agent_bots (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX inboxes_account_idx ON messaging.inboxes (account_id)`);
    await runner.query(`
      CREATE TABLE messaging.inbox_members (
        inbox_id integer NOT NULL REFERENCES messaging.inboxes (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES messaging.users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (inbox_id, user_id)
      )`);
    await runner.query(`CREATE INDEX inbox_members_user_idx ON messaging.inbox_members (user_id)`);
    await runner.query(`
      CREATE TABLE messaging.custom_attribute_definitions (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES messaging.accounts (id) ON DELETE CASCADE,
        attribute_display_name text NOT NULL,
        attribute_display_type text NOT NULL,
        attribute_description text,
        attribute_key text NOT NULL,
        attribute_values jsonb NOT NULL DEFAULT '[]',
        attribute_model text NOT NULL,
        regex_pattern text,
        regex_cue text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT custom_attribute_definitions_key UNIQUE (account_id, attribute_model, attribute_key)
      )`);
    await runner.query(`
      CREATE TABLE messaging.canned_responses (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES messaging.accounts (id) ON DELETE CASCADE,
        short_code text NOT NULL,
        content text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `CREATE UNIQUE INDEX canned_responses_short_code_key ON messaging.canned_responses (account_id, lower(short_code))`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'canned_responses',
      'custom_attribute_definitions',
      'inbox_members',
      'inboxes',
      'agent_bots',
      'team_members',
      'teams',
    ]) {
      await runner.query(`DROP TABLE IF EXISTS messaging.${table}`);
    }
    await runner.query(
      `ALTER TABLE messaging.users DROP COLUMN invitation_token_hash, DROP COLUMN invitation_expires_at`,
    );
  }
}
