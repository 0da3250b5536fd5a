import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Channels that deliver: an inbox's provider settings (secrets sealed by the service before
 * they are written), a uuid per inbox and per conversation for the e-mail addresses built from
 * them, the outgoing sends waiting for their channel, the inbound e-mails waiting to be applied,
 * and each IMAP mailbox's position.
 */
export class ChannelDelivery1732233600040 implements MigrationInterface {
  name = 'ChannelDelivery1732233600040';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE messaging.inboxes
        ADD COLUMN uuid uuid NOT NULL DEFAULT gen_random_uuid(),
        ADD COLUMN channel_settings jsonb NOT NULL DEFAULT '{}',
        ADD COLUMN imap_error text`);
    await runner.query(`CREATE UNIQUE INDEX inboxes_uuid_key ON messaging.inboxes (uuid)`);
    // One tenant never receives another's mail: an e-mail inbox's address is unique across accounts.
    await runner.query(
      `CREATE UNIQUE INDEX inboxes_email_address_key ON messaging.inboxes (lower(email)) WHERE channel_type = 'Channel::Email'`,
    );
    await runner.query(`ALTER TABLE messaging.conversations ADD COLUMN uuid uuid NOT NULL DEFAULT gen_random_uuid()`);
    await runner.query(`CREATE UNIQUE INDEX conversations_uuid_key ON messaging.conversations (uuid)`);
    // Threading looks a provider's message id up in the inbox (a reply names the message it answers).
    await runner.query(
      `CREATE INDEX messages_inbox_source_id_idx ON messaging.messages (inbox_id, source_id) WHERE source_id IS NOT NULL`,
    );
    await runner.query(`
      CREATE TABLE messaging.channel_sends (
        message_id integer PRIMARY KEY REFERENCES messaging.messages (id) ON DELETE CASCADE,
        account_id integer NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        due_at timestamptz NOT NULL DEFAULT now(),
        first_attempt_at timestamptz,
        locked_until timestamptz,
        lease_id uuid,
        last_error text
      ) WITH (fillfactor = 70)`);
    await runner.query(`CREATE INDEX channel_sends_due_idx ON messaging.channel_sends (due_at)`);
    await runner.query(`
      CREATE TABLE messaging.inbound_emails (
        id bigserial PRIMARY KEY,
        account_id integer NOT NULL,
        inbox_id integer NOT NULL REFERENCES messaging.inboxes (id) ON DELETE CASCADE,
        raw bytea NOT NULL,
        recipients text[] NOT NULL DEFAULT '{}',
        imap_uid_validity bigint,
        imap_uid bigint,
        attempts integer NOT NULL DEFAULT 0,
        due_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        lease_id uuid,
        last_error text,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX inbound_emails_due_idx ON messaging.inbound_emails (due_at)`);
    await runner.query(
      `CREATE UNIQUE INDEX inbound_emails_imap_key ON messaging.inbound_emails (inbox_id, imap_uid_validity, imap_uid) WHERE imap_uid IS NOT NULL`,
    );
    await runner.query(`
      CREATE TABLE messaging.imap_mailboxes (
        inbox_id integer PRIMARY KEY REFERENCES messaging.inboxes (id) ON DELETE CASCADE,
        uid_validity bigint,
        last_uid bigint NOT NULL DEFAULT 0,
        lease_id uuid,
        locked_until timestamptz
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE messaging.imap_mailboxes`);
    await runner.query(`DROP TABLE messaging.inbound_emails`);
    await runner.query(`DROP TABLE messaging.channel_sends`);
    await runner.query(`DROP INDEX messaging.messages_inbox_source_id_idx`);
    await runner.query(`ALTER TABLE messaging.conversations DROP COLUMN uuid`);
    await runner.query(
      `ALTER TABLE messaging.inboxes DROP COLUMN imap_error, DROP COLUMN channel_settings, DROP COLUMN uuid`,
    );
  }
}
