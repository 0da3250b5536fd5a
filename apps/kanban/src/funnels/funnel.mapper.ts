import type { Funnel, FunnelStage } from '@parley/contracts';
import type { FunnelRow } from './persistence/funnel.row';
import type { StageRow } from './persistence/stage.row';

export function toStage(row: StageRow): FunnelStage {
  return { id: row.key, name: row.name, color: row.color, position: row.position, description: row.description };
}

export function toFunnel(row: FunnelRow, stages: StageRow[]): Funnel {
  const ordered = [...stages].sort((a, b) => a.position - b.position || a.key.localeCompare(b.key));
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    description: row.description,
    active: row.active,
    is_default: row.is_default,
    stages: Object.fromEntries(ordered.map((stage) => [stage.key, toStage(stage)])),
    settings: row.settings,
    global_custom_attributes: row.global_custom_attributes,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
