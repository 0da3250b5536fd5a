import type { KanbanAutomation, KanbanAutomationRun, KanbanAutomationTrigger } from '@parley/contracts';
import type { AutomationRunRow } from './persistence/automation-run.row';
import type { AutomationRow } from './persistence/automation.row';

export function toAutomation(row: AutomationRow): KanbanAutomation {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    funnel_id: row.funnel_id,
    trigger: row.trigger,
    stage_id: row.stage_key,
    hours: row.hours,
    conditions: row.conditions,
    actions: row.actions,
    active: row.active,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toRun(row: AutomationRunRow): KanbanAutomationRun {
  return {
    id: Number(row.id),
    automation_id: row.automation_id,
    item_id: row.card_id,
    trigger: row.trigger as KanbanAutomationTrigger,
    outcome: row.outcome,
    detail: row.detail,
    created_at: row.created_at.toISOString(),
  };
}
