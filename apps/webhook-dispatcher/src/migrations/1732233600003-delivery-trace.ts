import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The W3C trace context of the event a delivery carries, sent with each attempt (tracing on). */
export class DeliveryTrace1732233600003 implements MigrationInterface {
  name = 'DeliveryTrace1732233600003';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE webhook_dispatcher.deliveries ADD COLUMN traceparent text`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE webhook_dispatcher.deliveries DROP COLUMN traceparent`);
  }
}
