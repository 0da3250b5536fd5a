import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where the rebuild under way split the history: before `history_before` (Unix seconds) it came from
 * messaging's history, from then on from the events stream; `history_read_at` when the history
 * was read (scope changes older than that are in the conversations' state it read);
 * `history_filled` whether that part is in.
 */
export class HistoryBoundary1765000000020 implements MigrationInterface {
  name = 'HistoryBoundary1765000000020';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE reporting.model_state ADD COLUMN history_before bigint, ADD COLUMN history_read_at bigint, ADD COLUMN history_filled boolean NOT NULL DEFAULT true`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE reporting.model_state DROP COLUMN history_before, DROP COLUMN history_read_at, DROP COLUMN history_filled`,
    );
  }
}
