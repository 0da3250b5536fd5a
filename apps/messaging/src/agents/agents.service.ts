import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AgentErrors, EMAIL_PATTERN, IdentityEvents, INVITATION_TTL_DAYS, type Agent, type InviteAgentInput, type UpdateAgentInput } from '@parley/contracts';
import { DomainError, generateAccessToken, isUniqueViolation, Outbox, type Emit } from '@parley/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { toAccountUserEvent } from '../identity/identity.mapper';
import { AccountUserEntity } from '../identity/persistence/account-user.orm-entity';
import { AccountEntity } from '../identity/persistence/account.orm-entity';
import { UserEntity } from '../identity/persistence/user.orm-entity';
import { MESSAGING_CONFIG, type MessagingConfig } from '../messaging.config';
import { IdentityLoader } from '../identity/identity.loader';
import { InboxMembersService } from '../inboxes/inbox-members.service';
import { TeamsService } from '../teams/teams.service';
import { assertAnotherAdministrator } from './agent.rules';
import { invitationMail } from './invitation.mail';

const DAY_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class AgentsService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
    private readonly identity: IdentityLoader,
    private readonly teams: TeamsService,
    private readonly inboxMembers: InboxMembersService,
    private readonly outbox: Outbox,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  list(accountId: number): Promise<Agent[]> {
    return this.identity.agents(accountId);
  }

  /**
   * Adds a member. A new address becomes a pending user with an e-mailed invitation; an
   * address already in use by another account is refused.
   */
  async invite(accountId: number, input: InviteAgentInput): Promise<Agent> {
    const email = input.email.trim().toLowerCase();
    const name = input.name.trim();
    if (!EMAIL_PATTERN.test(email)) throw new DomainError(AgentErrors.emailInvalid, 'Email is invalid', ['email']);
    if (!name) throw new DomainError(AgentErrors.nameBlank, "Name can't be blank", ['name']);
    const account = await this.accounts.findOneByOrFail({ id: accountId });
    try {
      return await this.outbox.transaction(async (tx, emit, sendMail) => {
        let user = await tx.createQueryBuilder(UserEntity, 'u').where('lower(u.email) = :email', { email }).setLock('pessimistic_write').getOne();
        if (user) await this.assertInvitable(tx, user.id, accountId);
        let token: string | null = null;
        if (!user) {
          user = tx.create(UserEntity, { name, email, confirmed: false });
          token = this.renewInvitation(user);
          user = await tx.save(user);
          await emit(IdentityEvents.userCreated, null, { user_id: user.id, name: user.name, email: user.email });
        } else if (!user.confirmed) {
          token = this.renewInvitation(user);
          await tx.save(user);
        }
        const membership = await tx.save(tx.create(AccountUserEntity, { accountId, userId: user.id, role: input.role, availabilityStatus: 'offline' }));
        await emit(IdentityEvents.accountUserCreated, accountId, toAccountUserEvent(membership));
        if (token) await sendMail(invitationMail({ to: email, name: user.name, accountName: account.name, token, publicUrl: this.config.publicUrl }));
        return (await this.identity.agent(accountId, user.id, tx))!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError(AgentErrors.emailTaken, 'Email has already been taken', ['email']);
      throw error;
    }
  }

  async update(accountId: number, userId: number, input: UpdateAgentInput): Promise<Agent> {
    return this.outbox.transaction(async (tx, emit) => {
      const membership = await this.membership(tx, accountId, userId);
      if (input.name !== undefined) {
        const name = input.name.trim();
        if (!name) throw new DomainError(AgentErrors.nameBlank, "Name can't be blank", ['name']);
        const user = await tx.findOneByOrFail(UserEntity, { id: userId });
        if (user.name !== name) {
          user.name = name;
          await tx.save(user);
          await emit(IdentityEvents.userUpdated, null, { user_id: user.id, name: user.name, email: user.email });
        }
      }
      let changed = false;
      if (input.role !== undefined && input.role !== membership.role) {
        if (membership.role === 'administrator') assertAnotherAdministrator(await this.identity.otherAdministrators(tx, accountId, userId));
        membership.role = input.role;
        changed = true;
      }
      if (input.availability_status !== undefined && input.availability_status !== membership.availabilityStatus) {
        membership.availabilityStatus = input.availability_status;
        changed = true;
      }
      if (input.auto_offline !== undefined && input.auto_offline !== membership.autoOffline) {
        membership.autoOffline = input.auto_offline;
        changed = true;
      }
      if (changed) await this.saveMembership(tx, emit, membership);
      return (await this.identity.agent(accountId, userId, tx))!;
    });
  }

  /** Removes the member from the account, its teams and inboxes; a never-activated user disappears. */
  async delete(accountId: number, userId: number): Promise<null> {
    await this.outbox.transaction(async (tx, emit) => {
      const membership = await this.membership(tx, accountId, userId);
      if (membership.role === 'administrator') assertAnotherAdministrator(await this.identity.otherAdministrators(tx, accountId, userId));
      await this.teams.removeAgent(tx, accountId, userId);
      await this.inboxMembers.removeAgent(tx, accountId, userId);
      await tx.delete(AccountUserEntity, { id: membership.id });
      await emit(IdentityEvents.accountUserDeleted, accountId, toAccountUserEvent(membership));
      const user = await tx.findOneByOrFail(UserEntity, { id: userId });
      const remaining = await tx.countBy(AccountUserEntity, { userId });
      if (!user.confirmed && remaining === 0) {
        await tx.delete(UserEntity, { id: userId });
        await emit(IdentityEvents.userDeleted, null, { user_id: user.id, name: user.name, email: user.email });
      }
    });
    return null;
  }

  async saveMembership(tx: EntityManager, emit: Emit, membership: AccountUserEntity): Promise<void> {
    const saved = await tx.save(membership);
    await emit(IdentityEvents.accountUserUpdated, saved.accountId, toAccountUserEvent(saved));
  }

  private async membership(tx: EntityManager, accountId: number, userId: number): Promise<AccountUserEntity> {
    const membership = await tx.findOne(AccountUserEntity, { where: { accountId, userId }, lock: { mode: 'pessimistic_write' } });
    if (!membership) throw new DomainError(AgentErrors.notFound, 'Agent not found');
    return membership;
  }

  private async assertInvitable(tx: EntityManager, userId: number, accountId: number): Promise<void> {
    const memberships = await tx.findBy(AccountUserEntity, { userId });
    if (memberships.some((membership) => membership.accountId === accountId)) {
      throw new DomainError(AgentErrors.emailTaken, 'Email has already been taken', ['email']);
    }
    if (memberships.length > 0) throw new DomainError(AgentErrors.emailInOtherAccount, 'Email is already in use by another account', ['email']);
  }

  /** A fresh one-time token: only its hash is stored, the token goes out in the e-mail. */
  private renewInvitation(user: UserEntity): string {
    const { token, hash } = generateAccessToken();
    user.invitationTokenHash = hash;
    user.invitationExpiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS);
    return token;
  }
}
