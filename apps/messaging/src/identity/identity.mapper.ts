import type {
  Account,
  AccountUser,
  AccountUserEventData,
  Agent,
  AvailabilityStatus,
  PlatformUser,
  Role,
} from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';
import { createHash } from 'node:crypto';
import type { AccountUserRow } from './persistence/account-user.row';
import type { AccountRow } from './persistence/account.row';
import type { UserRow } from './persistence/user.row';

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    created_at: toUnixSeconds(row.created_at),
    updated_at: toUnixSeconds(row.updated_at),
  };
}

export function toPlatformUser(row: UserRow, accessToken?: string): PlatformUser {
  const user: PlatformUser = {
    id: row.id,
    name: row.name,
    display_name: row.display_name,
    email: row.email,
    confirmed: row.confirmed,
    created_at: toUnixSeconds(row.created_at),
  };
  if (accessToken) user.access_token = accessToken;
  return user;
}

export function toAccountUser(row: Pick<AccountUserRow, 'account_id' | 'user_id' | 'role'>): AccountUser {
  return { account_id: row.account_id, user_id: row.user_id, role: row.role };
}

export function toAccountUserEvent(
  row: Pick<AccountUserRow, 'account_id' | 'user_id' | 'role' | 'availability_status'>,
): AccountUserEventData {
  return {
    account_id: row.account_id,
    user_id: row.user_id,
    role: row.role,
    availability_status: row.availability_status,
  };
}

/** A member of an account as raw SQL reads it: the user with its membership there. */
export interface AgentRow {
  id: number;
  account_id: number;
  name: string;
  display_name: string | null;
  email: string;
  role: Role;
  availability_status: AvailabilityStatus;
  auto_offline: boolean;
  confirmed: boolean;
}

/** Gravatar of the address (404 when none, so clients fall back to initials). */
export function gravatarUrl(email: string): string {
  return `https://www.gravatar.com/avatar/${createHash('md5').update(email.trim().toLowerCase()).digest('hex')}?d=404`;
}

export function toAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    email: row.email,
    role: row.role,
    availability_status: row.availability_status,
    confirmed: row.confirmed,
    auto_offline: row.auto_offline,
    available_name: row.display_name || row.name,
    thumbnail: gravatarUrl(row.email),
  };
}
