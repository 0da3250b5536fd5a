/** @owns messaging.accounts */

/** An `accounts` row. */
export interface AccountRow {
  id: number;
  name: string;
  created_at: Date;
  updated_at: Date;
}

export const ACCOUNT_COLUMNS = 'id, name, created_at, updated_at';
