import type { ChecklistItem } from '@parley/contracts';
import type { ChecklistItemRow } from './persistence/checklist-item.row';

export function toChecklistItem(row: ChecklistItemRow): ChecklistItem {
  return {
    id: row.id,
    item_id: row.card_id,
    text: row.text,
    due_date: row.due_date,
    priority: row.priority,
    agent_id: row.agent_id,
    completed: row.completed,
    completed_at: row.completed_at?.toISOString() ?? null,
    position: row.position,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
