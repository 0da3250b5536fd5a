import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Providers' webhooks (WhatsApp, Messenger, Instagram, Telegram, Twilio), verified and stored
 * raw until a worker applies them; one row per distinct body of an inbox, so a redelivery
 * that arrives before the first is applied is not stored twice.
 */
export class ProviderWebhooks1732233600050 implements MigrationInterface {
  name = 'ProviderWebhooks1732233600050';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE messaging.provider_webhooks (
        id bigserial PRIMARY KEY,
        account_id integer NOT NULL,
        inbox_id integer NOT NULL REFERENCES messaging.inboxes (id) ON DELETE CASCADE,
        body bytea NOT NULL,
        body_sha256 bytea NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}',
        url text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        due_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        lease_id uuid,
        last_error text,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    // An incoming provider message joins its contact inbox's newest conversation.
    await runner.query(
      `CREATE INDEX conversations_contact_inbox_idx ON messaging.conversations (inbox_id, source_id, id DESC)`,
    );
    await runner.query(`CREATE INDEX provider_webhooks_due_idx ON messaging.provider_webhooks (due_at)`);
    await runner.query(
      `CREATE UNIQUE INDEX provider_webhooks_body_key ON messaging.provider_webhooks (inbox_id, body_sha256)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE messaging.provider_webhooks`);
    await runner.query(`DROP INDEX messaging.conversations_contact_inbox_idx`);
  }
}
