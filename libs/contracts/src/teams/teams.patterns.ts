import type { AccountScoped, ById } from '../rpc/caller';
import type { CreateTeamInput, Team, TeamMember, UpdateTeamInput } from './team.types';

export const TeamPatterns = {
  list: 'messaging.teams.list',
  show: 'messaging.teams.show',
  create: 'messaging.teams.create',
  update: 'messaging.teams.update',
  delete: 'messaging.teams.delete',
  listMembers: 'messaging.teams.members.list',
  addMembers: 'messaging.teams.members.add',
  setMembers: 'messaging.teams.members.set',
  removeMembers: 'messaging.teams.members.remove',
} as const;

export interface TeamsRpc {
  [TeamPatterns.list]: { request: AccountScoped; response: Team[] };
  [TeamPatterns.show]: { request: ById; response: Team };
  [TeamPatterns.create]: { request: AccountScoped & { data: CreateTeamInput }; response: Team };
  [TeamPatterns.update]: { request: ById & { data: UpdateTeamInput }; response: Team };
  [TeamPatterns.delete]: { request: ById; response: null };
  [TeamPatterns.listMembers]: { request: ById; response: TeamMember[] };
  [TeamPatterns.addMembers]: { request: ById & { user_ids: number[] }; response: TeamMember[] };
  /** Replaces the members with `user_ids`. */
  [TeamPatterns.setMembers]: { request: ById & { user_ids: number[] }; response: TeamMember[] };
  [TeamPatterns.removeMembers]: { request: ById & { user_ids: number[] }; response: TeamMember[] };
}
