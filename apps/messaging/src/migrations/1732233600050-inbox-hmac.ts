import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API and web-widget inboxes carry the key contacts prove their identifier with
 * (`identifier_hash` = HMAC-SHA256(hmac_token, identifier)) and whether they must.
 */
export class InboxHmac1732233600050 implements MigrationInterface {
  name = 'InboxHmac1732233600050';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'ALTER TABLE messaging.inboxes ADD COLUMN hmac_token text, ADD COLUMN hmac_mandatory boolean NOT NULL DEFAULT false',
    );
    await runner.query(
      `UPDATE messaging.inboxes SET hmac_token = replace(gen_random_uuid()::text, '-', '')
        WHERE channel_type IN ('Channel::Api', 'Channel::WebWidget')`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      'ALTER TABLE messaging.inboxes DROP COLUMN IF EXISTS hmac_token, DROP COLUMN IF EXISTS hmac_mandatory',
    );
  }
}
