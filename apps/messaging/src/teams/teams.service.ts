import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  TeamErrors,
  TeamEvents,
  type CreateTeamInput,
  type Team,
  type TeamMember,
  type TeamSnapshot,
  type UpdateTeamInput,
} from '@parley/contracts';
import { DomainError, findOneOrFail, isUniqueViolation, Outbox } from '@parley/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { IdentityLoader } from '../identity/identity.loader';
import { assertAllAgents } from '../identity/membership.rules';
import { TeamMemberEntity } from './persistence/team-member.orm-entity';
import { TeamEntity } from './persistence/team.orm-entity';

function toSnapshot(entity: TeamEntity): TeamSnapshot {
  return {
    id: entity.id,
    account_id: entity.accountId,
    name: entity.name,
    description: entity.description,
    allow_auto_assign: entity.allowAutoAssign,
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
    @InjectRepository(TeamEntity) private readonly teams: Repository<TeamEntity>,
    @InjectRepository(TeamMemberEntity) private readonly members: Repository<TeamMemberEntity>,
    private readonly identity: IdentityLoader,
    private readonly outbox: Outbox,
  ) {}

  async list(accountId: number, callerId: number): Promise<Team[]> {
    const teams = await this.teams.find({ where: { accountId }, order: { name: 'ASC', id: 'ASC' } });
    const mine = new Set((await this.members.findBy({ userId: callerId })).map((member) => member.teamId));
    return teams.map((team) => ({ ...toSnapshot(team), is_member: mine.has(team.id) }));
  }

  async show(accountId: number, id: number, callerId: number): Promise<Team> {
    return this.withMembership(await this.find(accountId, id), callerId);
  }

  async create(accountId: number, input: CreateTeamInput, callerId: number): Promise<Team> {
    const entity = this.teams.create({
      accountId,
      name: requireName(input.name),
      description: input.description?.trim() || null,
      allowAutoAssign: input.allow_auto_assign ?? true,
    });
    const saved = await this.saveUnique(entity, TeamEvents.created);
    return this.withMembership(saved, callerId);
  }

  async update(accountId: number, id: number, input: UpdateTeamInput, callerId: number): Promise<Team> {
    const entity = await this.find(accountId, id);
    if (input.name !== undefined) entity.name = requireName(input.name);
    if (input.description !== undefined) entity.description = input.description?.trim() || null;
    if (input.allow_auto_assign !== undefined) entity.allowAutoAssign = input.allow_auto_assign;
    return this.withMembership(await this.saveUnique(entity, TeamEvents.updated), callerId);
  }

  async delete(accountId: number, id: number): Promise<null> {
    const entity = await this.find(accountId, id);
    await this.outbox.transaction(async (tx, emit) => {
      await tx.delete(TeamEntity, { id: entity.id });
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
    const rows: Array<{ user_id: number }> = await (tx ?? this.members.manager).query(
      'SELECT user_id FROM messaging.team_members WHERE team_id = $1',
      [teamId],
    );
    return this.identity.agents(accountId, { userIds: rows.map((row) => row.user_id), tx });
  }

  private find(accountId: number, id: number): Promise<TeamEntity> {
    return findOneOrFail(this.teams, { accountId, id }, 'Team', TeamErrors.notFound);
  }

  private async withMembership(team: TeamEntity, callerId: number): Promise<Team> {
    const member = await this.members.existsBy({ teamId: team.id, userId: callerId });
    return { ...toSnapshot(team), is_member: member };
  }

  private async saveUnique(
    entity: TeamEntity,
    event: typeof TeamEvents.created | typeof TeamEvents.updated,
  ): Promise<TeamEntity> {
    try {
      return await this.outbox.transaction(async (tx, emit) => {
        const saved = await tx.save(entity);
        await emit(event, saved.accountId, { team: toSnapshot(saved) });
        return saved;
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new DomainError(TeamErrors.nameTaken, 'Name has already been taken', ['name']);
      throw error;
    }
  }
}
