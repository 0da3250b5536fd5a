import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A contact's inbox link gets the token its widget or bridge subscribes to `/cable` with
 * (random, unique, made by the database so every insert path has one) and whether the contact
 * proved its identifier through it (HMAC).
 */
export class ContactInboxTokens1732233600004 implements MigrationInterface {
  name = 'ContactInboxTokens1732233600004';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE contacts.contact_inboxes
         ADD COLUMN pubsub_token text NOT NULL
           DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''),
         ADD COLUMN hmac_verified boolean NOT NULL DEFAULT false`,
    );
    await runner.query('CREATE UNIQUE INDEX contact_inboxes_pubsub_token ON contacts.contact_inboxes (pubsub_token)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX IF EXISTS contacts.contact_inboxes_pubsub_token');
    await runner.query(
      'ALTER TABLE contacts.contact_inboxes DROP COLUMN IF EXISTS pubsub_token, DROP COLUMN IF EXISTS hmac_verified',
    );
  }
}
