import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Agents' `/cable` presence, one row per gateway replica holding a socket of the agent (so one
 * replica's sockets closing does not hide another's), and the availability an agent that went
 * offline with its last socket (`auto_offline`) gets back when it connects again.
 */
export class AgentPresence1732233600070 implements MigrationInterface {
  name = 'AgentPresence1732233600070';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE messaging.agent_presence (
         account_id integer NOT NULL,
         user_id integer NOT NULL,
         replica text NOT NULL,
         expires_at timestamptz NOT NULL,
         PRIMARY KEY (account_id, user_id, replica)
       )`,
    );
    await runner.query('CREATE INDEX agent_presence_expires_at ON messaging.agent_presence (expires_at)');
    await runner.query(
      `ALTER TABLE messaging.account_users ADD COLUMN availability_when_present text
         CHECK (availability_when_present IN ('online', 'busy'))`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE messaging.account_users DROP COLUMN IF EXISTS availability_when_present');
    await runner.query('DROP TABLE IF EXISTS messaging.agent_presence');
  }
}
