import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One tombstone per deleted account: the service's event consumers refuse the account's events
 * from then on, so a late event cannot bring back what its deletion cascade removed.
 */
export function deletedAccountsMigration(schema: string): new () => MigrationInterface {
  return class DeletedAccounts1766000000000 implements MigrationInterface {
    name = 'DeletedAccounts1766000000000';

    async up(runner: QueryRunner): Promise<void> {
      await runner.query(
        `CREATE TABLE "${schema}".deleted_accounts (account_id integer PRIMARY KEY, deleted_at timestamptz NOT NULL DEFAULT now())`,
      );
    }

    async down(runner: QueryRunner): Promise<void> {
      await runner.query(`DROP TABLE IF EXISTS "${schema}".deleted_accounts`);
    }
  };
}
