import type { KanbanConfig, KanbanEventName } from '@parley/contracts';
import { DEFAULT_OPTIONS } from './board-settings.rules';
import type { KanbanConfigRow } from './persistence/kanban-config.row';

export function toKanbanConfig(accountId: number, row: KanbanConfigRow | null): KanbanConfig {
  if (!row) {
    return {
      account_id: accountId,
      enabled: true,
      webhook_url: null,
      webhook_secret: null,
      webhook_events: [],
      config: { ...DEFAULT_OPTIONS },
      created_at: null,
      updated_at: null,
    };
  }
  return {
    account_id: row.account_id,
    enabled: row.enabled,
    webhook_url: row.webhook_url,
    webhook_secret: row.webhook_secret,
    webhook_events: row.webhook_events as KanbanEventName[],
    config: { ...DEFAULT_OPTIONS, ...row.options },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
