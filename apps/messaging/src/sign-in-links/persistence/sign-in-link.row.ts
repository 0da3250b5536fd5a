/** @owns messaging.sign_in_links */

/** A `sign_in_links` row: only the SHA-256 of the link's token is kept, as for access tokens. */
export interface SignInLinkRow {
  token_hash: string;
  user_id: number;
  expires_at: Date;
  created_at: Date;
}
