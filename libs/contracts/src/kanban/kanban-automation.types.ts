export const KANBAN_AUTOMATION_TRIGGERS = [
  'item_created',
  'stage_entered',
  'stage_left',
  'status_changed',
  'time_in_stage',
] as const;
export type KanbanAutomationTrigger = (typeof KANBAN_AUTOMATION_TRIGGERS)[number];

export const KANBAN_AUTOMATION_ACTIONS = [
  'assign_agent',
  'set_priority',
  'add_checklist_item',
  'create_note',
  'move_to_stage',
  'change_status',
  'send_webhook',
] as const;
export type KanbanAutomationActionName = (typeof KANBAN_AUTOMATION_ACTIONS)[number];

export const KANBAN_CONDITION_ATTRIBUTES = ['priority', 'status', 'value', 'title', 'stage_id'] as const;
export const KANBAN_CONDITION_OPERATORS = [
  'equal_to',
  'not_equal_to',
  'greater_than',
  'less_than',
  'contains',
] as const;

export interface KanbanAutomationCondition {
  attribute: (typeof KANBAN_CONDITION_ATTRIBUTES)[number];
  operator: (typeof KANBAN_CONDITION_OPERATORS)[number];
  value: string | number;
}

export interface KanbanAutomationAction {
  action_name: KanbanAutomationActionName;
  action_params: Array<string | number>;
}

export interface KanbanAutomation {
  id: number;
  account_id: number;
  name: string;
  funnel_id: number;
  trigger: KanbanAutomationTrigger;
  /** The stage the trigger watches (required for stage_entered, stage_left and time_in_stage; any stage when null). */
  stage_id: string | null;
  /** time_in_stage: hours in the stage before the actions run. */
  hours: number | null;
  conditions: KanbanAutomationCondition[];
  actions: KanbanAutomationAction[];
  active: boolean;
  created_at: string;
  updated_at: string;
}

export interface KanbanAutomationInput {
  name?: string;
  funnel_id?: number;
  trigger?: string;
  stage_id?: string | null;
  hours?: number | null;
  conditions?: unknown[];
  actions?: unknown[];
  active?: boolean;
}

export interface KanbanAutomationRun {
  id: number;
  automation_id: number;
  item_id: number;
  trigger: KanbanAutomationTrigger;
  /** `success`, or `failed` with the reason in `detail`. */
  outcome: 'success' | 'failed';
  detail: string | null;
  created_at: string;
}
