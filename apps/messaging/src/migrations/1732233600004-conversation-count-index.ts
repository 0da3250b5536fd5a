import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Lets the list's grouped counts (per status, by assignee) run as an index-only scan. */
export class ConversationCountIndex1732233600004 implements MigrationInterface {
  name = 'ConversationCountIndex1732233600004';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE INDEX conversations_counts_idx ON messaging.conversations (account_id, status, assignee_id)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX IF EXISTS messaging.conversations_counts_idx`);
  }
}
