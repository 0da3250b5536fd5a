import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook registrations; deliveries as rows (one per event and target) that the poller claims
 * when due, with every attempt logged; and the account and inbox names payloads show.
 */
export class Webhooks1732233600001 implements MigrationInterface {
  name = 'Webhooks1732233600001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE webhook_dispatcher.webhooks (
        id serial PRIMARY KEY,
        account_id integer NOT NULL,
        url text NOT NULL,
        subscriptions text[] NOT NULL,
        secret text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX webhooks_account_idx ON webhook_dispatcher.webhooks (account_id)`);
    await runner.query(`
      CREATE TABLE webhook_dispatcher.deliveries (
        id uuid PRIMARY KEY,
        account_id integer NOT NULL,
        target text NOT NULL CHECK (target IN ('webhook', 'inbox', 'direct')),
        webhook_id integer REFERENCES webhook_dispatcher.webhooks (id) ON DELETE CASCADE,
        inbox_id integer,
        url text,
        secret text,
        event_id text,
        event text NOT NULL,
        body text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'discarded')),
        next_attempt_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        CHECK ((target = 'webhook') = (webhook_id IS NOT NULL)),
        CHECK ((target = 'inbox') = (inbox_id IS NOT NULL)),
        CHECK (target <> 'direct' OR url IS NOT NULL)
      )`);
    // One delivery per (event, target) however often the event is consumed.
    await runner.query(
      `CREATE UNIQUE INDEX deliveries_webhook_event_key ON webhook_dispatcher.deliveries (webhook_id, event_id) WHERE webhook_id IS NOT NULL`,
    );
    await runner.query(
      `CREATE UNIQUE INDEX deliveries_inbox_event_key ON webhook_dispatcher.deliveries (inbox_id, event_id) WHERE inbox_id IS NOT NULL`,
    );
    await runner.query(
      `CREATE INDEX deliveries_due_idx ON webhook_dispatcher.deliveries (next_attempt_at) WHERE state = 'pending'`,
    );
    await runner.query(
      `CREATE INDEX deliveries_finished_idx ON webhook_dispatcher.deliveries (finished_at) WHERE finished_at IS NOT NULL`,
    );
    await runner.query(`
      CREATE TABLE webhook_dispatcher.delivery_attempts (
        id bigserial PRIMARY KEY,
        delivery_id uuid NOT NULL REFERENCES webhook_dispatcher.deliveries (id) ON DELETE CASCADE,
        webhook_id integer,
        attempt integer NOT NULL,
        status_code integer,
        error text,
        latency_ms integer NOT NULL,
        state text NOT NULL CHECK (state IN ('delivered', 'retrying', 'discarded')),
        next_attempt_at timestamptz,
        attempted_at timestamptz NOT NULL,
        UNIQUE (delivery_id, attempt)
      )`);
    await runner.query(
      `CREATE INDEX delivery_attempts_webhook_idx ON webhook_dispatcher.delivery_attempts (webhook_id, attempted_at DESC, id DESC) WHERE webhook_id IS NOT NULL`,
    );
    await runner.query(`
      CREATE TABLE webhook_dispatcher.accounts_view (
        id integer PRIMARY KEY,
        name text NOT NULL,
        source_at timestamptz NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE webhook_dispatcher.inboxes_view (
        id integer PRIMARY KEY,
        account_id integer NOT NULL,
        name text NOT NULL,
        source_at timestamptz NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE webhook_dispatcher.inboxes_view`);
    await runner.query(`DROP TABLE webhook_dispatcher.accounts_view`);
    await runner.query(`DROP TABLE webhook_dispatcher.delivery_attempts`);
    await runner.query(`DROP TABLE webhook_dispatcher.deliveries`);
    await runner.query(`DROP TABLE webhook_dispatcher.webhooks`);
  }
}
