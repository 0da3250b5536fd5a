import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keys of commands that must take effect once even when their caller retries them after a
 * crash (an automation rule's assign_best_agent): the first call records its key in the
 * transaction of its change, a repeat finds it and changes nothing.
 */
export class CommandKeys1732233600006 implements MigrationInterface {
  name = 'CommandKeys1732233600006';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE messaging.command_keys (key text PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT now())`,
    );
    await runner.query(`CREATE INDEX command_keys_created_at_idx ON messaging.command_keys (created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE messaging.command_keys`);
  }
}
