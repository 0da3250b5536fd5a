import type { AvailabilityStatus, Role } from '@parley/contracts';

/** @owns messaging.account_users */

/** An `account_users` row: a user's membership of an account, the role and availability it has there. */
export interface AccountUserRow {
  id: number;
  account_id: number;
  user_id: number;
  role: Role;
  availability_status: AvailabilityStatus;
  auto_offline: boolean;
  /** Set while an `auto_offline` agent is offline because its last socket went: what it gets back on connecting. */
  availability_when_present: Exclude<AvailabilityStatus, 'offline'> | null;
  created_at: Date;
  updated_at: Date;
}

export const ACCOUNT_USER_COLUMNS =
  'id, account_id, user_id, role, availability_status, auto_offline, availability_when_present, created_at, updated_at';
