import type { MigrationInterface, QueryRunner } from 'typeorm';

const VIEWS = ['inboxes_view', 'teams_view', 'labels_view', 'users_view', 'agents_view'];

/**
 * The copies of messaging take the kit's read-model shape (VersionedView): the owner's version
 * is `source_updated_at` as in every service, and users get the tombstone column the others have.
 */
export class ViewVersions1765000000030 implements MigrationInterface {
  name = 'ViewVersions1765000000030';

  async up(runner: QueryRunner): Promise<void> {
    for (const view of VIEWS)
      await runner.query(`ALTER TABLE reporting.${view} RENAME COLUMN source_at TO source_updated_at`);
    await runner.query(`ALTER TABLE reporting.users_view ADD COLUMN deleted boolean NOT NULL DEFAULT false`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE reporting.users_view DROP COLUMN deleted`);
    for (const view of VIEWS)
      await runner.query(`ALTER TABLE reporting.${view} RENAME COLUMN source_updated_at TO source_at`);
  }
}
