import { Injectable } from '@nestjs/common';
import type { ReportScope } from '@parley/contracts';
import type { EntityManager } from 'typeorm';
import { labelTitleOf, liveLabelsOf } from '../read-models/messaging-view/messaging-view.loader';
import { FACT_AS_ROLLUP_COLUMNS, FACT_SCOPE_FILTERS } from './persistence/fact.row';
import { ROLLUP_COLUMNS } from './rollup.rules';

export { SUM_ROLLUP_COLUMNS } from './persistence/rollup.row';

const ROLLUP_ROW_COLUMNS = ROLLUP_COLUMNS.map((column) => `r.${column}`).join(', ');

/**
 * The model's rows of a window, as a fragment for the report statements (each report stays one
 * statement over it): whole UTC days from the daily roll-ups, the other whole hours from the
 * hourly ones, the partial hours at the edges (or everything, when roll-ups cannot be used) from
 * the facts. Parameters: $1 account, $2 scope code, $3 scope id, $4 since, $5 until, $6/$7 the
 * whole hours and $8/$9 the whole days taken from roll-ups.
 */
export function modelRows(scope: ReportScope, options: { perEntity?: boolean } = {}): string {
  const scopeId = options.perEntity ? 'scope_id > $3' : 'scope_id = $3';
  const facts =
    options.perEntity && scope === 'label'
      ? `SELECT f.at AS t, l.id AS id, ${FACT_AS_ROLLUP_COLUMNS} FROM reporting.facts f CROSS JOIN LATERAL unnest(f.label_ids) AS l(id) WHERE f.account_id = $1`
      : `SELECT f.at AS t, ${options.perEntity ? `f.${scope}_id` : '0'} AS id, ${FACT_AS_ROLLUP_COLUMNS} FROM reporting.facts f WHERE f.account_id = $1
         AND ${options.perEntity ? `f.${scope}_id IS NOT NULL` : FACT_SCOPE_FILTERS[scope]('$3')}`;
  return `
    SELECT d.day AS t, d.scope_id AS id, ${ROLLUP_COLUMNS.map((column) => `d.${column}`).join(', ')} FROM reporting.daily_rollups d
    WHERE d.account_id = $1 AND d.scope = $2 AND d.${scopeId} AND d.day >= to_timestamp($8) AND d.day < to_timestamp($9)
    UNION ALL
    SELECT r.hour AS t, r.scope_id AS id, ${ROLLUP_ROW_COLUMNS} FROM reporting.rollups r
    WHERE r.account_id = $1 AND r.scope = $2 AND r.${scopeId}
      AND ((r.hour >= to_timestamp($6) AND r.hour < to_timestamp($8)) OR (r.hour >= to_timestamp($9) AND r.hour < to_timestamp($7)))
    UNION ALL
    ${facts} AND ((f.at >= to_timestamp($4) AND f.at < to_timestamp($6)) OR (f.at >= to_timestamp($7) AND f.at < to_timestamp($5)))`;
}

/** Reads of the model's label keys (labels are keyed by title, so a renamed label starts a new key). */
@Injectable()
export class ModelLoader {
  /** The key the model files the account's label's facts under; -1 for a label never seen. */
  async labelKey(tx: EntityManager, accountId: number, labelId: number): Promise<number> {
    const rows: Array<{ id: number }> = await tx.query(
      `SELECT k.id FROM reporting.label_keys k WHERE k.account_id = $1 AND k.title = ${labelTitleOf('$1', '$2')}`,
      [accountId, labelId],
    );
    return rows[0]?.id ?? -1;
  }

  /** The account's labels with their names and the key the model files them under (null: never used yet). */
  async labels(tx: EntityManager, accountId: number): Promise<Array<{ id: number; name: string; key: number | null }>> {
    return tx.query(
      `SELECT v.id, v.name, k.id AS key FROM ${liveLabelsOf('$1')} v
       LEFT JOIN reporting.label_keys k ON k.account_id = $1 AND k.title = v.name ORDER BY v.id`,
      [accountId],
    );
  }
}
