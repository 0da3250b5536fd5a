import type { Caller } from '../rpc/caller';
import type {
  Account,
  AccountUser,
  AddAccountUserInput,
  CreateAccountInput,
  CreateUserInput,
  PlatformUser,
  Profile,
  ResolvedIdentity,
  SsoLink,
  SsoSignIn,
  UpdateUserInput,
} from './identity.types';

export const IdentityPatterns = {
  resolveToken: 'messaging.identity.resolve_token',
  profile: 'messaging.identity.profile',
  rotateToken: 'messaging.identity.rotate_token',
  /** Public: the link's token is the authorisation; it works once. */
  signInWithLink: 'messaging.identity.sso.sign_in',
} as const;

export const PlatformPatterns = {
  createAccount: 'messaging.platform.accounts.create',
  showAccount: 'messaging.platform.accounts.show',
  updateAccount: 'messaging.platform.accounts.update',
  deleteAccount: 'messaging.platform.accounts.delete',
  createUser: 'messaging.platform.users.create',
  showUser: 'messaging.platform.users.show',
  updateUser: 'messaging.platform.users.update',
  deleteUser: 'messaging.platform.users.delete',
  userLoginLink: 'messaging.platform.users.login_link',
  listAccountUsers: 'messaging.platform.account_users.list',
  addAccountUser: 'messaging.platform.account_users.create',
  removeAccountUser: 'messaging.platform.account_users.delete',
} as const;

export interface IdentityRpc {
  [IdentityPatterns.resolveToken]: { request: { token_hash: string }; response: ResolvedIdentity | null };
  [IdentityPatterns.profile]: { request: { caller: Pick<Caller, 'user_id'> }; response: Profile };
  [IdentityPatterns.rotateToken]: { request: { caller: Pick<Caller, 'user_id'> }; response: { access_token: string } };
  [IdentityPatterns.signInWithLink]: { request: { token: string }; response: SsoSignIn };

  [PlatformPatterns.createAccount]: { request: { data: CreateAccountInput }; response: Account };
  [PlatformPatterns.showAccount]: { request: { id: number }; response: Account };
  [PlatformPatterns.updateAccount]: { request: { id: number; data: Partial<CreateAccountInput> }; response: Account };
  [PlatformPatterns.deleteAccount]: { request: { id: number }; response: null };
  [PlatformPatterns.createUser]: { request: { data: CreateUserInput }; response: PlatformUser };
  [PlatformPatterns.showUser]: { request: { id: number }; response: PlatformUser };
  [PlatformPatterns.updateUser]: { request: { id: number; data: UpdateUserInput }; response: PlatformUser };
  [PlatformPatterns.deleteUser]: { request: { id: number }; response: null };
  [PlatformPatterns.userLoginLink]: { request: { id: number }; response: SsoLink };
  [PlatformPatterns.listAccountUsers]: { request: { account_id: number }; response: AccountUser[] };
  [PlatformPatterns.addAccountUser]: {
    request: { account_id: number; data: AddAccountUserInput };
    response: AccountUser;
  };
  [PlatformPatterns.removeAccountUser]: { request: { account_id: number; user_id: number }; response: null };
}
