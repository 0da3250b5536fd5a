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
import type { AccountUserEntity } from './persistence/account-user.orm-entity';
import type { AccountEntity } from './persistence/account.orm-entity';
import type { UserEntity } from './persistence/user.orm-entity';

export function toAccount(entity: AccountEntity): Account {
  return {
    id: entity.id,
    name: entity.name,
    created_at: toUnixSeconds(entity.createdAt),
    updated_at: toUnixSeconds(entity.updatedAt),
  };
}

export function toPlatformUser(entity: UserEntity, accessToken?: string): PlatformUser {
  const user: PlatformUser = {
    id: entity.id,
    name: entity.name,
    display_name: entity.displayName,
    email: entity.email,
    confirmed: entity.confirmed,
    created_at: toUnixSeconds(entity.createdAt),
  };
  if (accessToken) user.access_token = accessToken;
  return user;
}

export function toAccountUser(entity: AccountUserEntity): AccountUser {
  return { account_id: entity.accountId, user_id: entity.userId, role: entity.role };
}

export function toAccountUserEvent(entity: AccountUserEntity): AccountUserEventData {
  return {
    account_id: entity.accountId,
    user_id: entity.userId,
    role: entity.role,
    availability_status: entity.availabilityStatus,
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
