import type { Team } from './team.types';

export const TeamEvents = {
  created: 'messaging.team.created',
  updated: 'messaging.team.updated',
  deleted: 'messaging.team.deleted',
  membersChanged: 'messaging.team.members_changed',
} as const;

/** Teams in events carry no caller-specific `is_member`. */
export type TeamSnapshot = Omit<Team, 'is_member'>;

export interface TeamEventMap {
  [TeamEvents.created]: { team: TeamSnapshot };
  [TeamEvents.updated]: { team: TeamSnapshot };
  [TeamEvents.deleted]: { team: TeamSnapshot };
  [TeamEvents.membersChanged]: { team_id: number; user_ids: number[] };
}
