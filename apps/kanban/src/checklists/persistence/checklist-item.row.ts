/** @owns kanban.checklist_items */
import type { KanbanPriority } from '@parley/contracts';

/** A `checklist_items` row. */
export interface ChecklistItemRow {
  id: number;
  card_id: number;
  text: string;
  due_date: string | null;
  priority: KanbanPriority | null;
  agent_id: number | null;
  completed: boolean;
  completed_at: Date | null;
  position: number;
  created_at: Date;
  updated_at: Date;
}

/** `due_date` as text (YYYY-MM-DD), never shifted by a time zone. */
export const CHECKLIST_COLUMNS =
  "id, card_id, text, to_char(due_date, 'YYYY-MM-DD') AS due_date, priority, agent_id, completed, completed_at, position, created_at, updated_at";
