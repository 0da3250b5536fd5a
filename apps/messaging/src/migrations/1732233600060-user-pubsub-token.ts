import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The token an agent subscribes to `/cable` with (random, unique, rotated with the password or access token). */
export class UserPubsubToken1732233600060 implements MigrationInterface {
  name = 'UserPubsubToken1732233600060';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE messaging.users ADD COLUMN pubsub_token text NOT NULL
         DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`,
    );
    await runner.query('CREATE UNIQUE INDEX users_pubsub_token ON messaging.users (pubsub_token)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX IF EXISTS messaging.users_pubsub_token');
    await runner.query('ALTER TABLE messaging.users DROP COLUMN IF EXISTS pubsub_token');
  }
}
