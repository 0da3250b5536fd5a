/** @owns kanban.stages */
/** A `stages` row. */
export interface StageRow {
  funnel_id: number;
  key: string;
  name: string;
  color: string;
  position: number;
  description: string | null;
}

export const STAGE_COLUMNS = 'funnel_id, key, name, color, position, description';
