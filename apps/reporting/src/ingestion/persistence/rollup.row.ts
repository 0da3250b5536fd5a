import { ROLLUP_COLUMNS } from '../rollup.rules';

/** Adds a batch of deltas (a jsonb array of rows) to `reporting.rollups`. */
export const UPSERT_ROLLUPS = `
  INSERT INTO reporting.rollups (account_id, scope, scope_id, hour, ${ROLLUP_COLUMNS.join(', ')})
  SELECT account_id, scope, scope_id, to_timestamp(hour), ${ROLLUP_COLUMNS.join(', ')}
  FROM jsonb_to_recordset($1::jsonb) AS r(account_id int, scope smallint, scope_id int, hour bigint,
    ${ROLLUP_COLUMNS.map((column) => `${column} bigint`).join(', ')})
  ON CONFLICT (account_id, scope, scope_id, hour) DO UPDATE SET
    ${ROLLUP_COLUMNS.map((column) => `${column} = reporting.rollups.${column} + EXCLUDED.${column}`).join(',\n    ')}`;

/** The roll-up row's columns added up (`r` is the roll-up relation). */
export const SUM_ROLLUP_COLUMNS = ROLLUP_COLUMNS.map((column) => `COALESCE(sum(r.${column}), 0)::float8 AS ${column}`).join(', ');

