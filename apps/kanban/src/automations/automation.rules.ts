import {
  KANBAN_AUTOMATION_ACTIONS,
  KANBAN_AUTOMATION_TRIGGERS,
  KANBAN_CONDITION_ATTRIBUTES,
  KANBAN_CONDITION_OPERATORS,
  KANBAN_ITEM_STATUSES,
  KANBAN_PRIORITIES,
  KanbanWorkErrors,
  type KanbanAutomationAction,
  type KanbanAutomationCondition,
  type KanbanAutomationTrigger,
  type KanbanItem,
} from '@parley/contracts';
import { DomainError } from '@parley/service-kit';

const invalid = (message: string, field: string) =>
  new DomainError(KanbanWorkErrors.automationInvalid, message, [field]);

/** Triggers that watch one stage (the stage is required). */
const STAGE_TRIGGERS: readonly KanbanAutomationTrigger[] = ['stage_entered', 'stage_left', 'time_in_stage'];

export function checkedTrigger(
  trigger: unknown,
  stageId: string | null,
  hours: number | null,
): KanbanAutomationTrigger {
  if (!KANBAN_AUTOMATION_TRIGGERS.includes(trigger as KanbanAutomationTrigger))
    throw invalid(`trigger must be one of ${KANBAN_AUTOMATION_TRIGGERS.join(', ')}`, 'trigger');
  const checked = trigger as KanbanAutomationTrigger;
  if (STAGE_TRIGGERS.includes(checked) && !stageId) throw invalid(`${checked} needs a stage_id`, 'stage_id');
  if (checked === 'time_in_stage' && !(typeof hours === 'number' && hours > 0 && hours <= 24 * 365))
    throw invalid('time_in_stage needs hours, more than 0', 'hours');
  return checked;
}

export function checkedConditions(conditions: unknown[]): KanbanAutomationCondition[] {
  return conditions.map((raw, index) => {
    const condition = (raw ?? {}) as Record<string, unknown>;
    if (!KANBAN_CONDITION_ATTRIBUTES.includes(condition.attribute as never))
      throw invalid(
        `conditions[${index}].attribute must be one of ${KANBAN_CONDITION_ATTRIBUTES.join(', ')}`,
        `conditions.${index}.attribute`,
      );
    if (!KANBAN_CONDITION_OPERATORS.includes(condition.operator as never))
      throw invalid(
        `conditions[${index}].operator must be one of ${KANBAN_CONDITION_OPERATORS.join(', ')}`,
        `conditions.${index}.operator`,
      );
    if (typeof condition.value !== 'string' && typeof condition.value !== 'number')
      throw invalid(`conditions[${index}].value must be text or a number`, `conditions.${index}.value`);
    return condition as unknown as KanbanAutomationCondition;
  });
}

/** Action names and the shape of their params; what the params name (agents, stages, URLs) is checked by the service. */
export function checkedActions(actions: unknown[]): KanbanAutomationAction[] {
  if (actions.length === 0) throw invalid('actions must hold at least one action', 'actions');
  return actions.map((raw, index) => {
    const action = (raw ?? {}) as Record<string, unknown>;
    const field = `actions.${index}`;
    const name = action.action_name as KanbanAutomationAction['action_name'];
    if (!KANBAN_AUTOMATION_ACTIONS.includes(name))
      throw invalid(
        `${field}.action_name must be one of ${KANBAN_AUTOMATION_ACTIONS.join(', ')}`,
        `${field}.action_name`,
      );
    const params = action.action_params;
    if (!Array.isArray(params) || params.length !== 1 || !['string', 'number'].includes(typeof params[0]))
      throw invalid(`${field}.action_params must hold one value`, `${field}.action_params`);
    const [param] = params as Array<string | number>;
    if (name === 'set_priority' && !KANBAN_PRIORITIES.includes(param as never))
      throw invalid(`${field}: priority must be one of ${KANBAN_PRIORITIES.join(', ')}`, `${field}.action_params`);
    if (name === 'change_status' && !KANBAN_ITEM_STATUSES.includes(param as never))
      throw invalid(`${field}: status must be one of ${KANBAN_ITEM_STATUSES.join(', ')}`, `${field}.action_params`);
    if (name === 'assign_agent' && !(Number.isInteger(Number(param)) && Number(param) > 0))
      throw invalid(`${field}: an agent id`, `${field}.action_params`);
    if ((name === 'add_checklist_item' || name === 'create_note') && (typeof param !== 'string' || param.trim() === ''))
      throw invalid(`${field}: text`, `${field}.action_params`);
    if ((name === 'move_to_stage' || name === 'send_webhook') && typeof param !== 'string')
      throw invalid(`${field}: ${name === 'send_webhook' ? 'a URL' : 'a stage id'}`, `${field}.action_params`);
    return { action_name: name, action_params: [name === 'assign_agent' ? Number(param) : param] };
  });
}

/** Every condition holds for the card (AND). */
export function conditionsMatch(conditions: readonly KanbanAutomationCondition[], card: KanbanItem): boolean {
  return conditions.every((condition) => {
    const actual = valueOf(card, condition.attribute);
    const expected = condition.value;
    switch (condition.operator) {
      case 'equal_to':
        return String(actual ?? '') === String(expected);
      case 'not_equal_to':
        return String(actual ?? '') !== String(expected);
      case 'greater_than':
        return actual !== null && Number(actual) > Number(expected);
      case 'less_than':
        return actual !== null && Number(actual) < Number(expected);
      case 'contains':
        return String(actual ?? '')
          .toLowerCase()
          .includes(String(expected).toLowerCase());
    }
  });
}

function valueOf(card: KanbanItem, attribute: KanbanAutomationCondition['attribute']): string | number | null {
  switch (attribute) {
    case 'priority':
      return card.item_details.priority;
    case 'status':
      return card.item_details.status;
    case 'value':
      return card.item_details.value;
    case 'title':
      return card.item_details.title;
    case 'stage_id':
      return card.funnel_stage;
  }
}

/** Origin of every change an automation makes: events with it trigger no automation (loop guard). */
export const AUTOMATION_ORIGIN = 'kanban_automation:';
