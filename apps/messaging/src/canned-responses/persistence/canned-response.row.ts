/** @owns messaging.canned_responses */

/** A `canned_responses` row. */
export interface CannedResponseRow {
  id: number;
  account_id: number;
  short_code: string;
  content: string;
  created_at: Date;
  updated_at: Date;
}

export const CANNED_RESPONSE_COLUMNS = 'id, account_id, short_code, content, created_at, updated_at';
