/** @owns kanban.funnels */
import type { FunnelAttributeDefinition } from '@parley/contracts';

/** A `funnels` row. */
export interface FunnelRow {
  id: number;
  account_id: number;
  name: string;
  description: string | null;
  active: boolean;
  is_default: boolean;
  settings: Record<string, unknown>;
  global_custom_attributes: FunnelAttributeDefinition[];
  created_at: Date;
  updated_at: Date;
}

export const FUNNEL_COLUMNS =
  'id, account_id, name, description, active, is_default, settings, global_custom_attributes, created_at, updated_at';
