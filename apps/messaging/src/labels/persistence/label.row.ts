/** @owns messaging.labels */

/** A `labels` row. */
export interface LabelRow {
  id: number;
  account_id: number;
  title: string;
  description: string | null;
  color: string;
  show_on_sidebar: boolean;
  created_at: Date;
  updated_at: Date;
}

export const LABEL_COLUMNS = 'id, account_id, title, description, color, show_on_sidebar, created_at, updated_at';
