import type { AvailabilityStatus } from '../identity/identity.types';
import type { Role } from '../rpc/caller';

/** An account member as administrators see it (`GET {v1}/agents`). */
export interface Agent {
  id: number;
  account_id: number;
  name: string;
  email: string;
  role: Role;
  availability_status: AvailabilityStatus;
  /** False while the invitation has not been accepted. */
  confirmed: boolean;
  /** Whether the agent goes offline by itself when it leaves (default true, as in the reference API). */
  auto_offline: boolean;
  available_name: string;
  thumbnail: string;
}

export interface InviteAgentInput {
  email: string;
  name: string;
  role: Role;
}

export interface UpdateAgentInput {
  name?: string;
  role?: Role;
  availability_status?: AvailabilityStatus;
  auto_offline?: boolean;
}

export interface ActivateInput {
  token: string;
  password: string;
}

export interface UpdateProfileInput {
  name?: string;
  display_name?: string | null;
  availability?: AvailabilityStatus;
  /** Which account the availability is for; all of the user's accounts when omitted. */
  account_id?: number;
}

/** How long an invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7;
