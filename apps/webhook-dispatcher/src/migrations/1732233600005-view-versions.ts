import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The names copied from messaging take the kit's read-model shape (VersionedView): the owner's
 * version is `source_updated_at` as in every service, and a deletion is a tombstone.
 */
export class ViewVersions1732233600005 implements MigrationInterface {
  name = 'ViewVersions1732233600005';

  async up(runner: QueryRunner): Promise<void> {
    for (const view of ['accounts_view', 'inboxes_view']) {
      await runner.query(`ALTER TABLE webhook_dispatcher.${view} RENAME COLUMN source_at TO source_updated_at`);
      await runner.query(`ALTER TABLE webhook_dispatcher.${view} ADD COLUMN deleted boolean NOT NULL DEFAULT false`);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const view of ['accounts_view', 'inboxes_view']) {
      await runner.query(`ALTER TABLE webhook_dispatcher.${view} DROP COLUMN deleted`);
      await runner.query(`ALTER TABLE webhook_dispatcher.${view} RENAME COLUMN source_updated_at TO source_at`);
    }
  }
}
