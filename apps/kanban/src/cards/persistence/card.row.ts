/** @owns kanban.cards, kanban.stage_counters, kanban.agent_assignments */
import type { KanbanCurrency, KanbanItemStatus, KanbanPriority } from '@parley/contracts';

/** A `cards` row as every card read selects it (CARD_COLUMNS). */
export interface CardRow {
  id: number;
  account_id: number;
  funnel_id: number;
  stage_key: string;
  position: number;
  conversation_display_id: number | null;
  assigned_agents: number[];
  title: string;
  description: string | null;
  status: KanbanItemStatus;
  priority: KanbanPriority | null;
  value: number | null;
  currency: KanbanCurrency | null;
  custom_attributes: Record<string, unknown>;
  stage_entered_at: Date;
  created_at: Date;
  updated_at: Date;
}

export const CARD_COLUMNS =
  'id, account_id, funnel_id, stage_key, position, conversation_display_id, assigned_agents, title, description, status, priority, value, currency, custom_attributes, stage_entered_at, created_at, updated_at';

/** The same columns qualified by the alias `c`, for joins. */
export const CARD_COLUMNS_OF_C = CARD_COLUMNS.split(', ')
  .map((column) => `c.${column}`)
  .join(', ');
