/** @owns messaging.team_members */

/** A `team_members` row: a user's membership of a team. */
export interface TeamMemberRow {
  team_id: number;
  user_id: number;
  created_at: Date;
}
