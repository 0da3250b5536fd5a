import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ROLLUP_COLUMNS } from '../ingestion/rollup.rules';

/**
 * Daily roll-ups (UTC days) beside the hourly ones: a report over months adds up a few hundred
 * rows per entity instead of thousands. Kept by the same writer, in the same transaction.
 */
export class DailyRollups1765000000003 implements MigrationInterface {
  name = 'DailyRollups1765000000003';

  async up(runner: QueryRunner): Promise<void> {
    const bigints = new Set(['frt_sum', 'frt_bh_sum', 'res_sum', 'res_bh_sum', 'reply_sum', 'reply_bh_sum']);
    await runner.query(`
      CREATE TABLE reporting.daily_rollups (
        account_id integer NOT NULL,
        scope smallint NOT NULL,
        scope_id integer NOT NULL,
        day timestamptz NOT NULL,
        ${ROLLUP_COLUMNS.map((column) => `${column} ${bigints.has(column) ? 'bigint' : 'integer'} NOT NULL DEFAULT 0`).join(',\n        ')},
        PRIMARY KEY (account_id, scope, scope_id, day)
      )`);
    // Per-entity reports read one scope's rows of every entity by time.
    await runner.query(`CREATE INDEX rollups_scope_hour_idx ON reporting.rollups (account_id, scope, hour)`);
    await runner.query(`CREATE INDEX daily_rollups_scope_day_idx ON reporting.daily_rollups (account_id, scope, day)`);
    await runner.query(`
      INSERT INTO reporting.daily_rollups (account_id, scope, scope_id, day, ${ROLLUP_COLUMNS.join(', ')})
      SELECT account_id, scope, scope_id, date_trunc('day', hour AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', ${ROLLUP_COLUMNS.map((column) => `sum(${column})`).join(', ')}
      FROM reporting.rollups GROUP BY 1, 2, 3, 4`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE reporting.daily_rollups`);
  }
}
