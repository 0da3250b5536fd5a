import type { Role } from '../rpc/caller';
import type { AvailabilityStatus } from './identity.types';

export const IdentityEvents = {
  accountCreated: 'messaging.account.created',
  accountUpdated: 'messaging.account.updated',
  accountDeleted: 'messaging.account.deleted',
  userCreated: 'messaging.user.created',
  userUpdated: 'messaging.user.updated',
  userDeleted: 'messaging.user.deleted',
  tokenRotated: 'messaging.user.token_rotated',
  accountUserCreated: 'messaging.account_user.created',
  accountUserUpdated: 'messaging.account_user.updated',
  accountUserDeleted: 'messaging.account_user.deleted',
} as const;

/** Subjects (below `evt.`) whose events change what a token may do; the gateway drops cached identities on them. */
export const IDENTITY_CHANGE_TYPES = [
  'messaging.user.>',
  'messaging.account_user.>',
  'messaging.account.deleted',
] as const;

export interface AccountEventData {
  id: number;
  name: string;
}

export interface UserEventData {
  user_id: number;
  name: string;
  email: string;
}

export interface AccountUserEventData {
  account_id: number;
  user_id: number;
  role: Role;
  availability_status: AvailabilityStatus;
}

export interface IdentityEventMap {
  [IdentityEvents.accountCreated]: AccountEventData;
  [IdentityEvents.accountUpdated]: AccountEventData;
  [IdentityEvents.accountDeleted]: AccountEventData;
  [IdentityEvents.userCreated]: UserEventData;
  [IdentityEvents.userUpdated]: UserEventData;
  [IdentityEvents.userDeleted]: UserEventData;
  [IdentityEvents.tokenRotated]: { user_id: number };
  [IdentityEvents.accountUserCreated]: AccountUserEventData;
  [IdentityEvents.accountUserUpdated]: AccountUserEventData;
  [IdentityEvents.accountUserDeleted]: AccountUserEventData;
}
