import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fields clients of this API read: an inbox's avatar, widget token and welcome texts, an
 * agent's auto-offline setting, an attribute definition's default value. Web widget inboxes
 * made before get their token here (two random UUIDs' hex: unguessable, like the app's).
 */
export class ClientFacingFields1732233600005 implements MigrationInterface {
  name = 'ClientFacingFields1732233600005';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE messaging.inboxes
        ADD COLUMN avatar_url text,
        ADD COLUMN website_token text,
        ADD COLUMN welcome_title text,
        ADD COLUMN welcome_tagline text`);
    await runner.query(`
      UPDATE messaging.inboxes SET website_token = substr(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 1, 32)
       WHERE channel_type = 'Channel::WebWidget'`);
    await runner.query(
      `CREATE UNIQUE INDEX inboxes_website_token_idx ON messaging.inboxes (website_token) WHERE website_token IS NOT NULL`,
    );
    await runner.query(`ALTER TABLE messaging.account_users ADD COLUMN auto_offline boolean NOT NULL DEFAULT true`);
    await runner.query(`ALTER TABLE messaging.custom_attribute_definitions ADD COLUMN default_value jsonb`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE messaging.custom_attribute_definitions DROP COLUMN IF EXISTS default_value`);
    await runner.query(`ALTER TABLE messaging.account_users DROP COLUMN IF EXISTS auto_offline`);
    await runner.query(`DROP INDEX IF EXISTS messaging.inboxes_website_token_idx`);
    await runner.query(`
      ALTER TABLE messaging.inboxes
        DROP COLUMN IF EXISTS welcome_tagline,
        DROP COLUMN IF EXISTS welcome_title,
        DROP COLUMN IF EXISTS website_token,
        DROP COLUMN IF EXISTS avatar_url`);
  }
}
