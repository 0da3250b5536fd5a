/** @owns messaging.access_tokens */

/** An `access_tokens` row. Only the SHA-256 of a token is kept: a copy of the database does not give working tokens. */
export interface AccessTokenRow {
  id: number;
  user_id: number;
  token_hash: string;
  created_at: Date;
}
