import type { Role } from '../rpc/caller';

export const AVAILABILITY_STATUSES = ['online', 'busy', 'offline'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

export interface Account {
  id: number;
  name: string;
  created_at: number;
  updated_at: number;
}

export interface PlatformUser {
  id: number;
  name: string;
  display_name: string | null;
  email: string;
  confirmed: boolean;
  created_at: number;
  /** Only in the answer that created the user (or rotated its token): it is stored hashed. */
  access_token?: string;
}

export interface AccountUser {
  account_id: number;
  user_id: number;
  role: Role;
}

export interface Membership {
  id: number;
  name: string;
  role: Role;
}

/** What the gateway learns about a token: who it is and where it may act. */
export interface ResolvedIdentity {
  user_id: number;
  name: string;
  email: string;
  accounts: Membership[];
}

export interface Profile {
  id: number;
  /** The e-mail, under the name clients of this API read it. */
  uid: string;
  name: string;
  display_name: string | null;
  available_name: string;
  email: string;
  confirmed: boolean;
  /** What the agent subscribes to `/cable`'s RoomChannel with (with its `user_id` and `account_id`). */
  pubsub_token: string;
  /** The current account (the one the request named, else the first) and the role there; null without any account. */
  account_id: number | null;
  role: Role | null;
  accounts: Array<Membership & { availability_status: AvailabilityStatus }>;
}

export interface CreateAccountInput {
  name: string;
}

export interface CreateUserInput {
  name: string;
  email: string;
  display_name?: string;
  password?: string;
}

export type UpdateUserInput = Partial<CreateUserInput>;

export interface AddAccountUserInput {
  user_id: number;
  role: Role;
}

/** A pragmatic e-mail shape check (one @, a dot in the domain, no spaces). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Phone numbers are E.164: `+`, a country code, up to 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

/** `GET /platform/api/v1/users/{id}/login`: a single-use sign-in link, valid for `SSO_LINK_TTL_SECONDS`. */
export interface SsoLink {
  url: string;
}

/** What a sign-in link gives, once: a fresh access token of the user and their profile. */
export interface SsoSignIn {
  access_token: string;
  user: Profile;
}

export const SSO_LINK_TTL_SECONDS = 600;
