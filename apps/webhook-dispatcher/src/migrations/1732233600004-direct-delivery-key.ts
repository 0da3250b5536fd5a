import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One delivery per (URL, event) for deliveries other services queue (Kanban's webhook): an event
 * their consumer applies again after a crash asks for the same delivery, and gets it back.
 */
export class DirectDeliveryKey1732233600004 implements MigrationInterface {
  name = 'DirectDeliveryKey1732233600004';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE UNIQUE INDEX deliveries_direct_event_key ON webhook_dispatcher.deliveries (url, event_id) WHERE target = 'direct' AND event_id IS NOT NULL`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX webhook_dispatcher.deliveries_direct_event_key`);
  }
}
