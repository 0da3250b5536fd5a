/** @owns kanban.card_stage_visits */
/** A `card_stage_visits` row: one stay of a card in a stage (open while `left_at` is null). */
export interface StageVisitRow {
  card_id: number;
  funnel_id: number;
  stage_key: string;
  entered_at: Date;
  left_at: Date | null;
}
