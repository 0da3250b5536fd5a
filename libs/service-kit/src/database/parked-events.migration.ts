import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbox rows NATS cannot carry (over its max_payload) are parked: marked published with the
 * reason, and kept past the outbox's retention for an operator, so they no longer hold up the
 * events after them. Every service's migrations end with this.
 */
export function parkedEventsMigration(schema: string): new () => MigrationInterface {
  return class ParkedEvents1766000000001 implements MigrationInterface {
    name = 'ParkedEvents1766000000001';

    async up(runner: QueryRunner): Promise<void> {
      await runner.query(`ALTER TABLE "${schema}".outbox ADD COLUMN parked_reason text`);
    }

    async down(runner: QueryRunner): Promise<void> {
      await runner.query(`ALTER TABLE "${schema}".outbox DROP COLUMN IF EXISTS parked_reason`);
    }
  };
}
