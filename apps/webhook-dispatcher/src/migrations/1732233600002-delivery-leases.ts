import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deliveries are leased instead of locked while an attempt is in flight: the claim sets
 * `locked_until` and a fresh `lease_id` in a short transaction, and the outcome is recorded
 * only by the holder of that lease. A lease that runs out (the process died mid-attempt) makes
 * the delivery due again; nothing holds a row lock across an HTTP call any more.
 */
export class DeliveryLeases1732233600002 implements MigrationInterface {
  name = 'DeliveryLeases1732233600002';

  async up(runner: QueryRunner): Promise<void> {
    // Room on each page for a claimed row's new version: the claim changes no indexed column, so it can be a HOT update.
    await runner.query(
      `ALTER TABLE webhook_dispatcher.deliveries ADD COLUMN locked_until timestamptz, ADD COLUMN lease_id uuid, SET (fillfactor = 70)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE webhook_dispatcher.deliveries DROP COLUMN lease_id, DROP COLUMN locked_until, RESET (fillfactor)`,
    );
  }
}
