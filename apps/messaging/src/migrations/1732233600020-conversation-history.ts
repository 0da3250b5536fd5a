import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a model rebuilt from messaging's history needs, kept from now on: every status change
 * of a conversation (from, to, when, who), and who produced each message (`origin` of the
 * request: `api`, `automation:<rule id>`, …; null for messages written before).
 */
export class ConversationHistory1732233600020 implements MigrationInterface {
  name = 'ConversationHistory1732233600020';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE messaging.conversation_status_changes (
        id bigserial PRIMARY KEY,
        conversation_id integer NOT NULL REFERENCES messaging.conversations (id) ON DELETE CASCADE,
        from_status text NOT NULL,
        to_status text NOT NULL,
        at timestamptz NOT NULL,
        actor text
      )`);
    await runner.query(
      `CREATE INDEX conversation_status_changes_conversation_idx ON messaging.conversation_status_changes (conversation_id, at)`,
    );
    await runner.query(`ALTER TABLE messaging.messages ADD COLUMN origin text`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE messaging.messages DROP COLUMN origin`);
    await runner.query(`DROP TABLE messaging.conversation_status_changes`);
  }
}
