import { createKitTables, dropKitTables } from '@parley/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The service's outbox and inbox; its own tables arrive with its features. */
export class Initial1732233600000 implements MigrationInterface {
  name = 'Initial1732233600000';

  async up(runner: QueryRunner): Promise<void> {
    await createKitTables(runner, 'contacts');
  }

  async down(runner: QueryRunner): Promise<void> {
    await dropKitTables(runner, 'contacts');
  }
}
