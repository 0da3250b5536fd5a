/** @owns messaging.users */

/** A `users` row. */
export interface UserRow {
  id: number;
  name: string;
  display_name: string | null;
  email: string;
  password_hash: string | null;
  confirmed: boolean;
  /** SHA-256 of a pending invitation's token (the token itself is only in the e-mail). */
  invitation_token_hash: string | null;
  invitation_expires_at: Date | null;
  /** What the agent subscribes to `/cable` with; a new one whenever the password or access token changes. */
  pubsub_token: string;
  created_at: Date;
  updated_at: Date;
}

export const USER_COLUMNS =
  'id, name, display_name, email, password_hash, confirmed, invitation_token_hash, invitation_expires_at, pubsub_token, created_at, updated_at';

/** A fresh `/cable` token, as SQL (the same form as the column's default). */
export const NEW_PUBSUB_TOKEN = `replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`;
