import { Inject, Injectable } from '@nestjs/common';
import {
  AccountErrors,
  AgentErrors,
  EMAIL_PATTERN,
  INVITATION_TTL_DAYS,
  type Agent,
  type InviteAgentInput,
  type UpdateAgentInput,
} from '@parley/contracts';
import { DomainError, generateAccessToken, isUniqueViolation, Outbox } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { MESSAGING_CONFIG, type MessagingConfig } from '../messaging.config';
import { IdentityLoader } from '../identity/identity.loader';
import { IdentityWriter, type Invitation, type MembershipRecord } from '../identity/identity.writer';
import { InboxMembersService } from '../inboxes/inbox-members.service';
import { TeamsService } from '../teams/teams.service';
import { assertAnotherAdministrator } from './agent.rules';
import { invitationMail } from './invitation.mail';

const DAY_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class AgentsService {
  constructor(
    private readonly identity: IdentityLoader,
    private readonly writer: IdentityWriter,
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
    const account = await this.identity.account(accountId);
    if (!account) throw new DomainError(AccountErrors.notFound, 'Account not found');
    try {
      return await this.outbox.transaction(async (tx, emit, sendMail) => {
        let user = await this.writer.lockUserByEmail(tx, email);
        if (user) await this.assertInvitable(tx, user.id, accountId);
        let token: string | null = null;
        if (!user) {
          const invitation = newInvitation();
          token = invitation.token;
          user = await this.writer.createUser(tx, emit, { name, email, confirmed: false }, invitation);
        } else if (!user.confirmed) {
          const invitation = newInvitation();
          token = invitation.token;
          await this.writer.renewInvitation(tx, user.id, invitation);
        }
        await this.writer.setMembership(tx, emit, accountId, user.id, input.role);
        if (token)
          await sendMail(
            invitationMail({
              to: email,
              name: user.name,
              accountName: account.name,
              token,
              publicUrl: this.config.publicUrl,
            }),
          );
        return (await this.identity.agent(accountId, user.id, tx))!;
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new DomainError(AgentErrors.emailTaken, 'Email has already been taken', ['email']);
      throw error;
    }
  }

  async update(accountId: number, userId: number, input: UpdateAgentInput): Promise<Agent> {
    return this.outbox.transaction(async (tx, emit) => {
      const membership = await this.membership(tx, accountId, userId);
      if (input.name !== undefined) {
        const name = input.name.trim();
        if (!name) throw new DomainError(AgentErrors.nameBlank, "Name can't be blank", ['name']);
        const agent = await this.identity.agent(accountId, userId, tx);
        if (agent?.name !== name) await this.writer.updateUser(tx, emit, userId, { name });
      }
      let changed = false;
      if (input.role !== undefined && input.role !== membership.role) {
        if (membership.role === 'administrator')
          assertAnotherAdministrator(await this.identity.otherAdministrators(tx, accountId, userId));
        membership.role = input.role;
        changed = true;
      }
      if (input.availability_status !== undefined && input.availability_status !== membership.availability_status) {
        membership.availability_status = input.availability_status;
        changed = true;
      }
      if (input.auto_offline !== undefined && input.auto_offline !== membership.auto_offline) {
        membership.auto_offline = input.auto_offline;
        changed = true;
      }
      if (changed) await this.writer.saveMembership(tx, emit, membership);
      return (await this.identity.agent(accountId, userId, tx))!;
    });
  }

  /** Removes the member from the account, its teams and inboxes; a never-activated user disappears. */
  async delete(accountId: number, userId: number): Promise<null> {
    await this.outbox.transaction(async (tx, emit) => {
      const membership = await this.membership(tx, accountId, userId);
      if (membership.role === 'administrator')
        assertAnotherAdministrator(await this.identity.otherAdministrators(tx, accountId, userId));
      await this.teams.removeAgent(tx, accountId, userId);
      await this.inboxMembers.removeAgent(tx, accountId, userId);
      await this.writer.removeMembership(tx, emit, accountId, userId);
      await this.writer.dropIfPendingWithoutAccounts(tx, emit, userId);
    });
    return null;
  }

  private async membership(tx: EntityManager, accountId: number, userId: number): Promise<MembershipRecord> {
    const membership = await this.writer.lockMembership(tx, accountId, userId);
    if (!membership) throw new DomainError(AgentErrors.notFound, 'Agent not found');
    return membership;
  }

  private async assertInvitable(tx: EntityManager, userId: number, accountId: number): Promise<void> {
    const accounts = await this.writer.accountsOf(tx, userId);
    if (accounts.includes(accountId))
      throw new DomainError(AgentErrors.emailTaken, 'Email has already been taken', ['email']);
    if (accounts.length > 0)
      throw new DomainError(AgentErrors.emailInOtherAccount, 'Email is already in use by another account', ['email']);
  }
}

/** A fresh one-time token: only its hash is stored, the token goes out in the e-mail. */
function newInvitation(): Invitation & { token: string } {
  const { token, hash } = generateAccessToken();
  return { token, hash, expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS) };
}
