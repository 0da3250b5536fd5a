import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  TeamErrors,
  TeamEvents,
  type CreateTeamInput,
  type Team,
  type TeamMember,
  type TeamSnapshot,
  type UpdateTeamInput,
} from '@parley/contracts';
import { DomainError, isUniqueViolation, Outbox, selectOneOrFail } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { IdentityLoader } from '../identity/identity.loader';
import { assertAllAgents } from '../identity/membership.rules';
import type { TeamMemberRow } from './persistence/team-member.row';
import { TEAM_COLUMNS, type TeamRow } from './persistence/team.row';

function toSnapshot(row: TeamRow): TeamSnapshot {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    description: row.description,
    allow_auto_assign: row.allow_auto_assign,
  };
}

function requireName(raw: string): string {
  const name = raw.trim();
  if (!name) throw new DomainError(TeamErrors.nameBlank, "Name can't be blank", ['name']);
  return name;
}

@Injectable()
export class TeamsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly identity: IdentityLoader,
    private readonly outbox: Outbox,
  ) {}

  async list(accountId: number, callerId: number): Promise<Team[]> {
    const teams: TeamRow[] = await this.dataSource.query(
      `SELECT ${TEAM_COLUMNS} FROM messaging.teams WHERE account_id = $1 ORDER BY name, id`,
      [accountId],
    );
    const memberships: Array<Pick<TeamMemberRow, 'team_id'>> = await this.dataSource.query(
      'SELECT team_id FROM messaging.team_members WHERE user_id = $1',
      [callerId],
    );
    const mine = new Set(memberships.map((member) => member.team_id));
    return teams.map((team) => ({ ...toSnapshot(team), is_member: mine.has(team.id) }));
  }

  async show(accountId: number, id: number, callerId: number): Promise<Team> {
    return this.withMembership(await this.find(accountId, id), callerId);
  }

  async create(accountId: number, input: CreateTeamInput, callerId: number): Promise<Team> {
    const entity = {
      account_id: accountId,
      name: requireName(input.name),
      description: input.description?.trim() || null,
      allow_auto_assign: input.allow_auto_assign ?? true,
    } as TeamRow;
    const saved = await this.saveUnique(entity, TeamEvents.created);
    return this.withMembership(saved, callerId);
  }

  async update(accountId: number, id: number, input: UpdateTeamInput, callerId: number): Promise<Team> {
    const entity = await this.find(accountId, id);
    if (input.name !== undefined) entity.name = requireName(input.name);
    if (input.description !== undefined) entity.description = input.description?.trim() || null;
    if (input.allow_auto_assign !== undefined) entity.allow_auto_assign = input.allow_auto_assign;
    return this.withMembership(await this.saveUnique(entity, TeamEvents.updated), callerId);
  }

  async delete(accountId: number, id: number): Promise<null> {
    const entity = await this.find(accountId, id);
    await this.outbox.transaction(async (tx, emit) => {
      await tx.query('DELETE FROM messaging.teams WHERE id = $1', [entity.id]);
      await emit(TeamEvents.deleted, accountId, { team: toSnapshot(entity) });
    });
    return null;
  }

  async listMembers(accountId: number, id: number): Promise<TeamMember[]> {
    await this.find(accountId, id);
    return this.memberAgents(accountId, id);
  }

  /** Adds agents of the account (already-members are fine); anyone else is a 422. */
  addMembers(accountId: number, id: number, userIds: number[]): Promise<TeamMember[]> {
    return this.changeMembers(accountId, id, userIds, (tx) => this.insertMembers(tx, id, userIds));
  }

  /** Replaces the members with `userIds` (all must be agents of the account). */
  setMembers(accountId: number, id: number, userIds: number[]): Promise<TeamMember[]> {
    return this.changeMembers(accountId, id, userIds, async (tx) => {
      await tx.query('DELETE FROM messaging.team_members WHERE team_id = $1 AND NOT (user_id = ANY($2::int[]))', [
        id,
        userIds,
      ]);
      await this.insertMembers(tx, id, userIds);
    });
  }

  removeMembers(accountId: number, id: number, userIds: number[]): Promise<TeamMember[]> {
    return this.changeMembers(accountId, id, userIds, async (tx) => {
      await tx.query('DELETE FROM messaging.team_members WHERE team_id = $1 AND user_id = ANY($2::int[])', [
        id,
        userIds,
      ]);
    });
  }

  /** An agent leaving the account leaves its teams there (in the caller's transaction). */
  async removeAgent(tx: EntityManager, accountId: number, userId: number): Promise<void> {
    await tx.query(
      'DELETE FROM messaging.team_members tm USING messaging.teams t WHERE tm.team_id = t.id AND t.account_id = $1 AND tm.user_id = $2',
      [accountId, userId],
    );
  }

  /** Applies a change of the member list made of agents of the account; answers the new list and publishes it. */
  private async changeMembers(
    accountId: number,
    teamId: number,
    userIds: number[],
    apply: (tx: EntityManager) => Promise<void>,
  ): Promise<TeamMember[]> {
    await this.find(accountId, teamId);
    return this.outbox.transaction(async (tx, emit) => {
      assertAllAgents(await this.identity.strangers(accountId, userIds, tx));
      await apply(tx);
      const members = await this.memberAgents(accountId, teamId, tx);
      await emit(TeamEvents.membersChanged, accountId, {
        team_id: teamId,
        user_ids: members.map((member) => member.id),
      });
      return members;
    });
  }

  private async insertMembers(tx: EntityManager, teamId: number, userIds: number[]): Promise<void> {
    await tx.query(
      'INSERT INTO messaging.team_members (team_id, user_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
      [teamId, userIds],
    );
  }

  private async memberAgents(accountId: number, teamId: number, tx?: EntityManager): Promise<TeamMember[]> {
    const rows: Array<{ user_id: number }> = await (tx ?? this.dataSource).query(
      'SELECT user_id FROM messaging.team_members WHERE team_id = $1',
      [teamId],
    );
    return this.identity.agents(accountId, { userIds: rows.map((row) => row.user_id), tx });
  }

  private find(accountId: number, id: number): Promise<TeamRow> {
    return selectOneOrFail<TeamRow>(
      this.dataSource,
      `SELECT ${TEAM_COLUMNS} FROM messaging.teams WHERE account_id = $1 AND id = $2`,
      [accountId, id],
      'Team',
      TeamErrors.notFound,
    );
  }

  private async withMembership(team: TeamRow, callerId: number): Promise<Team> {
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM messaging.team_members WHERE team_id = $1 AND user_id = $2',
      [team.id, callerId],
    );
    return { ...toSnapshot(team), is_member: rows.length > 0 };
  }

  private async saveUnique(
    entity: TeamRow,
    event: typeof TeamEvents.created | typeof TeamEvents.updated,
  ): Promise<TeamRow> {
    try {
      return await this.outbox.transaction(async (tx, emit) => {
        const saved = await this.write(tx, entity);
        await emit(event, saved.account_id, { team: toSnapshot(saved) });
        return saved;
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new DomainError(TeamErrors.nameTaken, 'Name has already been taken', ['name']);
      throw error;
    }
  }

  /** Inserts a new team or writes the columns of an existing one; updated_at moves only on a change. */
  private async write(tx: EntityManager, team: TeamRow): Promise<TeamRow> {
    if (team.id === undefined) {
      const [inserted] = (await tx.query(
        `INSERT INTO messaging.teams (account_id, name, description, allow_auto_assign) VALUES ($1, $2, $3, $4)
          RETURNING ${TEAM_COLUMNS}`,
        [team.account_id, team.name, team.description, team.allow_auto_assign],
      )) as TeamRow[];
      return inserted;
    }
    const [rows] = (await tx.query(
      `UPDATE messaging.teams SET name = $2, description = $3, allow_auto_assign = $4,
              updated_at = CASE WHEN (name, description, allow_auto_assign) IS DISTINCT FROM ($2, $3, $4)
                                THEN now() ELSE updated_at END
        WHERE id = $1 RETURNING ${TEAM_COLUMNS}`,
      [team.id, team.name, team.description, team.allow_auto_assign],
    )) as [TeamRow[], number];
    if (!rows[0]) throw new DomainError(TeamErrors.notFound, 'Team not found');
    return rows[0];
  }
}
