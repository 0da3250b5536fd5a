/** @owns reporting.rollups, reporting.daily_rollups */
import { ROLLUP_COLUMNS } from '../rollup.rules';

/**
 * Adds a batch of deltas (the jsonb array of rows with a `start` in Unix seconds given as
 * `parameter`) to `reporting.rollups` (hours) or `reporting.daily_rollups` (UTC days).
 */
function upsertInto(table: 'rollups' | 'daily_rollups', time: 'hour' | 'day', parameter: string): string {
  return `
  INSERT INTO reporting.${table} (account_id, scope, scope_id, ${time}, ${ROLLUP_COLUMNS.join(', ')})
  SELECT account_id, scope, scope_id, to_timestamp(start), ${ROLLUP_COLUMNS.join(', ')}
  FROM jsonb_to_recordset(${parameter}::jsonb) AS r(account_id int, scope smallint, scope_id int, start bigint,
    ${ROLLUP_COLUMNS.map((column) => `${column} bigint`).join(', ')})
  ON CONFLICT (account_id, scope, scope_id, ${time}) DO UPDATE SET
    ${ROLLUP_COLUMNS.map((column) => `${column} = reporting.${table}.${column} + EXCLUDED.${column}`).join(',\n    ')}`;
}

export const upsertRollups = (parameter: string): string => upsertInto('rollups', 'hour', parameter);
export const upsertDailyRollups = (parameter: string): string => upsertInto('daily_rollups', 'day', parameter);

/** The roll-up row's columns added up (`r` is the roll-up relation). */
export const SUM_ROLLUP_COLUMNS = ROLLUP_COLUMNS.map(
  (column) => `COALESCE(sum(r.${column}), 0)::float8 AS ${column}`,
).join(', ');
