import {
  KANBAN_ITEM_STATUSES,
  KANBAN_PRIORITIES,
  KanbanErrors,
  type FunnelAttributeDefinition,
  type KanbanItemStatus,
  type KanbanPriority,
} from '@parley/contracts';
import { attributeValueProblem } from '@parley/domain-rules';
import { DomainError } from '@parley/service-kit';

const invalid = (message: string, fields: string[]) => new DomainError(KanbanErrors.itemInvalid, message, fields);

/** Fields of a card a plain update may not change: the move endpoints (and reorder) do. */
const MOVE_FIELDS = ['funnel_id', 'funnel_stage', 'stage_id', 'position'] as const;

/** The placement fields an update tries to change (given with a value other than the card's). */
export function placementChanges(
  input: Record<string, unknown>,
  current: { funnel_id: number; funnel_stage: string; position: number },
): string[] {
  const now: Record<string, unknown> = {
    funnel_id: current.funnel_id,
    funnel_stage: current.funnel_stage,
    stage_id: current.funnel_stage,
    position: current.position,
  };
  return MOVE_FIELDS.filter((field) => input[field] !== undefined && input[field] !== now[field]);
}

export function assertNoPlacementChange(
  input: Record<string, unknown>,
  current: { funnel_id: number; funnel_stage: string; position: number },
): void {
  const fields = placementChanges(input, current);
  if (fields.length) {
    throw new DomainError(
      KanbanErrors.useMoveEndpoints,
      `An update does not move cards: use POST /kanban_items/{id}/move_to_stage or /move for the stage or funnel, /kanban_items/reorder for the position (${fields.join(', ')})`,
      fields,
    );
  }
}

export function checkedTitle(title: unknown): string {
  if (typeof title !== 'string' || title.trim() === '') throw invalid("Title can't be blank", ['item_details.title']);
  if (title.length > 500) throw invalid('Title is too long (maximum is 500 characters)', ['item_details.title']);
  return title.trim();
}

export function checkedStatus(status: unknown): KanbanItemStatus {
  if (!KANBAN_ITEM_STATUSES.includes(status as KanbanItemStatus))
    throw invalid(`Status must be one of ${KANBAN_ITEM_STATUSES.join(', ')}`, ['item_details.status']);
  return status as KanbanItemStatus;
}

export function checkedPriority(priority: unknown): KanbanPriority | null {
  if (priority === null) return null;
  if (!KANBAN_PRIORITIES.includes(priority as KanbanPriority))
    throw invalid(`Priority must be one of ${KANBAN_PRIORITIES.join(', ')}`, ['item_details.priority']);
  return priority as KanbanPriority;
}

export function checkedValue(value: unknown): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw invalid('Value must be a number', ['item_details.value']);
  return value;
}

/**
 * Custom attributes against the funnel's definitions: each defined key's value must fit its
 * type, and required ones must be present; keys without a definition are free-form.
 */
export function checkedCustomAttributes(
  definitions: readonly FunnelAttributeDefinition[],
  attributes: Record<string, unknown>,
): Record<string, unknown> {
  const problems: string[] = [];
  const fields: string[] = [];
  for (const definition of definitions) {
    const value = attributes[definition.key];
    if (value === undefined || value === null || value === '') {
      if (definition.required) {
        problems.push(`${definition.name} is required`);
        fields.push(`custom_attributes.${definition.key}`);
      }
      continue;
    }
    const problem = attributeValueProblem(
      {
        attribute_key: definition.key,
        attribute_display_name: definition.name,
        attribute_display_type: definition.type,
        attribute_values: definition.values,
        regex_pattern: null,
        regex_cue: null,
      },
      value,
    );
    if (problem) {
      problems.push(problem);
      fields.push(`custom_attributes.${definition.key}`);
    }
  }
  if (problems.length) throw invalid(problems.join('; '), fields);
  return attributes;
}
