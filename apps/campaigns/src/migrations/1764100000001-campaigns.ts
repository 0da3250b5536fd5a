import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Campaigns, their per-contact sends (which also make each contact's send happen at most once per
 * campaign), and the copy of messaging's inboxes that validation and business hours read.
 */
export class Campaigns1764100000001 implements MigrationInterface {
  name = 'Campaigns1764100000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE campaigns.campaigns (
        id serial PRIMARY KEY,
        account_id integer NOT NULL,
        title text NOT NULL,
        message text NOT NULL,
        inbox_id integer NOT NULL,
        campaign_type text NOT NULL,
        sender_id integer,
        trigger_only_during_business_hours boolean NOT NULL DEFAULT false,
        trigger_rules jsonb NOT NULL DEFAULT '{}',
        audience jsonb NOT NULL DEFAULT '[]',
        scheduled_at timestamptz,
        status text NOT NULL,
        paused_from text,
        created_by integer NOT NULL,
        audience_resolved boolean NOT NULL DEFAULT false,
        audience_count integer NOT NULL DEFAULT 0,
        sent_count integer NOT NULL DEFAULT 0,
        failed_count integer NOT NULL DEFAULT 0,
        failure_reason text,
        run_started_at timestamptz,
        run_done_at_start integer NOT NULL DEFAULT 0,
        lease_owner uuid,
        lease_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX campaigns_account_idx ON campaigns.campaigns (account_id, id)`);
    await runner.query(
      `CREATE INDEX campaigns_due_idx ON campaigns.campaigns (status, scheduled_at) WHERE status IN ('scheduled', 'running')`,
    );
    await runner.query(`CREATE INDEX campaigns_ongoing_idx ON campaigns.campaigns (inbox_id) WHERE status = 'enabled'`);
    await runner.query(`
      CREATE TABLE campaigns.campaign_sends (
        campaign_id integer NOT NULL REFERENCES campaigns.campaigns (id) ON DELETE CASCADE,
        contact_id integer NOT NULL,
        contact jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        error text,
        message_id bigint,
        conversation_id integer,
        sent_at timestamptz,
        PRIMARY KEY (campaign_id, contact_id)
      )`);
    await runner.query(
      `CREATE INDEX campaign_sends_pending_idx ON campaigns.campaign_sends (campaign_id, contact_id) WHERE status = 'pending'`,
    );
    await runner.query(`
      CREATE TABLE campaigns.inboxes_view (
        id integer PRIMARY KEY,
        account_id integer NOT NULL,
        channel_type text NOT NULL,
        snapshot jsonb NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        source_updated_at timestamptz NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE campaigns.inboxes_view`);
    await runner.query(`DROP TABLE campaigns.campaign_sends`);
    await runner.query(`DROP TABLE campaigns.campaigns`);
  }
}
