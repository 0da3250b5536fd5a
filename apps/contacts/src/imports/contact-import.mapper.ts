import type { ContactImport } from '@parley/contracts';
import type { ContactImportRow } from './persistence/contact-import.row';

/** The job as clients see it; `eta` extrapolates the rate so far while running. */
export function toContactImport(row: ContactImportRow, now = Date.now()): ContactImport {
  let eta: string | null = null;
  if (row.status === 'running' && row.started_at && row.rows_total && row.processed > 0) {
    const elapsed = now - row.started_at.getTime();
    const remaining = Math.max(0, row.rows_total - row.processed);
    eta = new Date(now + (elapsed / row.processed) * remaining).toISOString();
  }
  return {
    id: row.id,
    account_id: row.account_id,
    status: row.status,
    rows_total: row.rows_total,
    processed: row.processed,
    created: row.created,
    updated: row.updated,
    failed: row.failed,
    eta,
    failure_reason: row.failure_reason,
    created_at: row.created_at.toISOString(),
    started_at: row.started_at?.toISOString() ?? null,
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}
