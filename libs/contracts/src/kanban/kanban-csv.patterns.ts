import type { AccountScoped } from '../rpc/caller';

export const KanbanCsvPatterns = {
  exportChunk: 'kanban.csv.export_chunk',
  preview: 'kanban.csv.preview',
  import: 'kanban.csv.import',
} as const;

/** Cards per export chunk: the gateway asks chunk after chunk and streams them to the client. */
export const KANBAN_EXPORT_CHUNK = 2000;

/** Rows an import takes (synchronous, one transaction). */
export const KANBAN_IMPORT_MAX_ROWS = 50_000;

export interface KanbanExportChunk {
  /** CSV text: the BOM and header first (when `after` was not given), then one row per card. */
  csv: string;
  /** Where the next chunk starts; null after the last. */
  next: string | null;
}

export interface KanbanImportPreview {
  columns: string[];
  rows: string[][];
  separator: string;
}

export interface KanbanImportReport {
  imported: number;
  rejected: Array<{ line: number; reason: string }>;
}

export interface KanbanRpcCsv {
  [KanbanCsvPatterns.exportChunk]: {
    request: AccountScoped & { funnel_id: number; after: string | null };
    response: KanbanExportChunk;
  };
  /** `storage_key`: the uploaded file, which the gateway stored and removes afterwards. */
  [KanbanCsvPatterns.preview]: { request: AccountScoped & { storage_key: string }; response: KanbanImportPreview };
  [KanbanCsvPatterns.import]: {
    request: AccountScoped & {
      storage_key: string;
      funnel_id: number;
      default_stage_id: string;
      mappings: Record<string, string>;
    };
    response: KanbanImportReport;
  };
}
