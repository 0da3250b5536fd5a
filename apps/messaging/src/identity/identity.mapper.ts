import type { Account, AccountUser, AccountUserEventData, PlatformUser } from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';
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
  return { account_id: entity.accountId, user_id: entity.userId, role: entity.role, availability_status: entity.availabilityStatus };
}
