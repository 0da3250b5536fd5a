/** @owns kanban.kanban_configs */
import type { KanbanConfigOptions } from '@parley/contracts';

/** A `kanban_configs` row. */
export interface KanbanConfigRow {
  account_id: number;
  enabled: boolean;
  webhook_url: string | null;
  webhook_secret: string | null;
  webhook_events: string[];
  options: Partial<KanbanConfigOptions>;
  created_at: Date;
  updated_at: Date;
}

export const KANBAN_CONFIG_COLUMNS =
  'account_id, enabled, webhook_url, webhook_secret, webhook_events, options, created_at, updated_at';
