import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { TeamRow } from './persistence/team.row';

/** The members of a team (`teamParam` holds its id), for the round-robin pick's one statement. */
export function membersOfTeam(teamParam: string): string {
  return `SELECT user_id FROM messaging.team_members WHERE team_id = ${teamParam}`;
}

/** Reads of teams that conversations need (assignment checks, activity texts, auto-assignment). */
@Injectable()
export class TeamsLoader {
  async exists(tx: EntityManager, accountId: number, teamId: number): Promise<boolean> {
    const rows: unknown[] = await tx.query('SELECT 1 FROM messaging.teams WHERE id = $1 AND account_id = $2', [
      teamId,
      accountId,
    ]);
    return rows.length > 0;
  }

  async name(tx: EntityManager, teamId: number): Promise<string | null> {
    const [team]: Array<Pick<TeamRow, 'name'>> = await tx.query('SELECT name FROM messaging.teams WHERE id = $1', [
      teamId,
    ]);
    return team?.name ?? null;
  }

  /** Whether auto-assignment picks only among the team's members (false for a team that is gone). */
  async allowsAutoAssign(tx: EntityManager, teamId: number): Promise<boolean> {
    const [team]: Array<Pick<TeamRow, 'allow_auto_assign'>> = await tx.query(
      'SELECT allow_auto_assign FROM messaging.teams WHERE id = $1',
      [teamId],
    );
    return team?.allow_auto_assign ?? false;
  }
}
