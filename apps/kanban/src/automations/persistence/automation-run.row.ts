/** @owns kanban.automation_runs */
/** An `automation_runs` row. */
export interface AutomationRunRow {
  id: string;
  automation_id: number;
  card_id: number;
  trigger: string;
  outcome: 'success' | 'failed';
  detail: string | null;
  created_at: Date;
}
