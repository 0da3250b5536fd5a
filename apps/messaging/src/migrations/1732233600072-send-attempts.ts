import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A send's attempt is recorded (committed) before its provider call: a send claimed again with
 * the mark still set was cut off with its outcome unknown, and is not blindly made again.
 */
export class SendAttempts1732233600072 implements MigrationInterface {
  name = 'SendAttempts1732233600072';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE messaging.channel_sends ADD COLUMN attempt_started_at timestamptz');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE messaging.channel_sends DROP COLUMN IF EXISTS attempt_started_at');
  }
}
