/** @owns messaging.teams */

/** A `teams` row. */
export interface TeamRow {
  id: number;
  account_id: number;
  name: string;
  description: string | null;
  allow_auto_assign: boolean;
  created_at: Date;
  updated_at: Date;
}

export const TEAM_COLUMNS = 'id, account_id, name, description, allow_auto_assign, created_at, updated_at';
