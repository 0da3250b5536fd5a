import { KANBAN_PRIORITIES, KanbanWorkErrors, type ChecklistItemInput, type KanbanPriority } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';

const invalid = (message: string, field: string) =>
  new DomainError(KanbanWorkErrors.checklistItemInvalid, message, [field]);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface CheckedChecklistFields {
  text?: string;
  due_date?: string | null;
  priority?: KanbanPriority | null;
  agent_id?: number | null;
}

/** The fields given, each checked; `text` is required when `creating`. */
export function checkedChecklistFields(input: ChecklistItemInput, creating: boolean): CheckedChecklistFields {
  const fields: CheckedChecklistFields = {};
  if (input.text !== undefined || creating) {
    if (typeof input.text !== 'string' || input.text.trim() === '') throw invalid("Text can't be blank", 'text');
    fields.text = input.text.trim();
  }
  if (input.due_date !== undefined) {
    if (input.due_date !== null && (!ISO_DATE.test(input.due_date) || Number.isNaN(Date.parse(input.due_date))))
      throw invalid('due_date must be an ISO date (YYYY-MM-DD)', 'due_date');
    fields.due_date = input.due_date;
  }
  if (input.priority !== undefined) {
    if (input.priority !== null && !KANBAN_PRIORITIES.includes(input.priority))
      throw invalid(`Priority must be one of ${KANBAN_PRIORITIES.join(', ')}`, 'priority');
    fields.priority = input.priority;
  }
  if (input.agent_id !== undefined) fields.agent_id = input.agent_id;
  return fields;
}
