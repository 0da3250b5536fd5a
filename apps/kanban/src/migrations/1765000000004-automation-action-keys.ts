import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The key of the automation action that added a checklist item (a time-in-stage timer's firing
 * and the action's place): a firing run again — its replica died before the timer was deleted
 * — adds no second item.
 */
export class AutomationActionKeys1765000000004 implements MigrationInterface {
  name = 'AutomationActionKeys1765000000004';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE kanban.checklist_items ADD COLUMN source_key text`);
    await runner.query(
      `CREATE UNIQUE INDEX checklist_items_source_key_idx ON kanban.checklist_items (source_key) WHERE source_key IS NOT NULL`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE kanban.checklist_items DROP COLUMN source_key`);
  }
}
