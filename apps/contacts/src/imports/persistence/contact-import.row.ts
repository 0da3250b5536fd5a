import type { ImportStatus } from '@parley/contracts';

/** @owns contacts.imports */

/** An `imports` row: one import job. */
export interface ContactImportRow {
  id: number;
  account_id: number;
  status: ImportStatus;
  file_key: string;
  rows_total: number | null;
  /** Rows handled so far: a resumed job skips this many records. */
  processed: number;
  created: number;
  updated: number;
  failed: number;
  failure_reason: string | null;
  errors_file_key: string | null;
  /** A worker holds the job until then; after it, another may resume it. */
  locked_until: Date | null;
  started_at: Date | null;
  finished_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const CONTACT_IMPORT_COLUMNS =
  'id, account_id, status, file_key, rows_total, processed, created, updated, failed, failure_reason, errors_file_key, locked_until, started_at, finished_at, created_at, updated_at';
