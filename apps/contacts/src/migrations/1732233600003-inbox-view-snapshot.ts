import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Contacts shows a link's inbox as the inbox endpoints render it: keep the inbox as its last
 * event carried it. Rows kept before have none until the inbox's next event.
 */
export class InboxViewSnapshot1732233600003 implements MigrationInterface {
  name = 'InboxViewSnapshot1732233600003';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE contacts.inboxes_view ADD COLUMN snapshot jsonb`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE contacts.inboxes_view DROP COLUMN IF EXISTS snapshot`);
  }
}
