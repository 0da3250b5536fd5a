import type { ContactImport } from '@parley/contracts';
import type { ContactImportEntity } from './persistence/contact-import.orm-entity';

/** The job as clients see it; `eta` extrapolates the rate so far while running. */
export function toContactImport(entity: ContactImportEntity, now = Date.now()): ContactImport {
  let eta: string | null = null;
  if (entity.status === 'running' && entity.startedAt && entity.rowsTotal && entity.processed > 0) {
    const elapsed = now - entity.startedAt.getTime();
    const remaining = Math.max(0, entity.rowsTotal - entity.processed);
    eta = new Date(now + (elapsed / entity.processed) * remaining).toISOString();
  }
  return {
    id: entity.id,
    account_id: entity.accountId,
    status: entity.status,
    rows_total: entity.rowsTotal,
    processed: entity.processed,
    created: entity.created,
    updated: entity.updated,
    failed: entity.failed,
    eta,
    failure_reason: entity.failureReason,
    created_at: entity.createdAt.toISOString(),
    started_at: entity.startedAt?.toISOString() ?? null,
    finished_at: entity.finishedAt?.toISOString() ?? null,
  };
}
