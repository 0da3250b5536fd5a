import type { Agent } from '../agents/agent.types';

export interface Team {
  id: number;
  account_id: number;
  name: string;
  description: string | null;
  allow_auto_assign: boolean;
  /** Whether the caller belongs to the team. */
  is_member: boolean;
}

export interface CreateTeamInput {
  name: string;
  description?: string | null;
  allow_auto_assign?: boolean;
}

export type UpdateTeamInput = Partial<CreateTeamInput>;

export type TeamMember = Agent;
