/** @owns kanban.automations, kanban.automation_timers */
import type { KanbanAutomationAction, KanbanAutomationCondition, KanbanAutomationTrigger } from '@parley/contracts';

/** An `automations` row. */
export interface AutomationRow {
  id: number;
  account_id: number;
  funnel_id: number;
  name: string;
  trigger: KanbanAutomationTrigger;
  stage_key: string | null;
  hours: number | null;
  conditions: KanbanAutomationCondition[];
  actions: KanbanAutomationAction[];
  active: boolean;
  created_by: number;
  created_at: Date;
  updated_at: Date;
}

export const AUTOMATION_COLUMNS =
  'id, account_id, funnel_id, name, trigger, stage_key, hours, conditions, actions, active, created_by, created_at, updated_at';
