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
  created_at: Date;
  updated_at: Date;
}

export const USER_COLUMNS =
  'id, name, display_name, email, password_hash, confirmed, invitation_token_hash, invitation_expires_at, created_at, updated_at';
