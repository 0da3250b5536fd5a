import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Whether the model is being rebuilt (reports say so rather than answer partial numbers). */
export class ModelState1765000000004 implements MigrationInterface {
  name = 'ModelState1765000000004';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE reporting.model_state (
        id smallint PRIMARY KEY CHECK (id = 1),
        rebuilding boolean NOT NULL DEFAULT false,
        rebuild_started_at timestamptz,
        rebuild_finished_at timestamptz
      )`);
    await runner.query(`INSERT INTO reporting.model_state (id) VALUES (1)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE reporting.model_state`);
  }
}
