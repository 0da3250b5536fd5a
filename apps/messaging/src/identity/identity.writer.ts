import { Injectable } from '@nestjs/common';
import { IdentityEvents, type Account, type AccountUser, type PlatformUser, type Role } from '@parley/contracts';
import type { Emit } from '@parley/service-kit';
import { MoreThan, type EntityManager } from 'typeorm';
import { toAccount, toAccountUser, toAccountUserEvent, toPlatformUser } from './identity.mapper';
import { AccountUserEntity } from './persistence/account-user.orm-entity';
import { AccountEntity } from './persistence/account.orm-entity';
import { UserEntity } from './persistence/user.orm-entity';

/** The user's columns other features set (a password only as its hash). */
export interface UserFields {
  name?: string;
  email?: string;
  displayName?: string | null;
  passwordHash?: string | null;
}

/** A pending invitation: only the hash of its token is stored. */
export interface Invitation {
  hash: string;
  expiresAt: Date;
}

/** A membership as the agents feature changes it. */
export type MembershipRecord = Pick<
  AccountUserEntity,
  'id' | 'accountId' | 'userId' | 'role' | 'availabilityStatus' | 'autoOffline'
>;

/**
 * Writes of accounts, users and memberships for the features that manage them (platform, agents),
 * each with its identity event, in the caller's outbox transaction.
 */
@Injectable()
export class IdentityWriter {
  async createAccount(tx: EntityManager, emit: Emit, name: string): Promise<Account> {
    const account = await tx.save(tx.create(AccountEntity, { name }));
    await emit(IdentityEvents.accountCreated, account.id, { id: account.id, name: account.name });
    return toAccount(account);
  }

  /** Null when the account does not exist. */
  async updateAccount(tx: EntityManager, emit: Emit, id: number, name: string | undefined): Promise<Account | null> {
    const account = await tx.findOne(AccountEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!account) return null;
    if (name !== undefined) account.name = name;
    const saved = await tx.save(account);
    await emit(IdentityEvents.accountUpdated, saved.id, { id: saved.id, name: saved.name });
    return toAccount(saved);
  }

  /** Removes the account and, through the schema's cascades, everything it owns here; false when it does not exist. */
  async deleteAccount(tx: EntityManager, emit: Emit, id: number): Promise<boolean> {
    const account = await tx.findOneBy(AccountEntity, { id });
    if (!account) return false;
    await tx.delete(AccountEntity, { id });
    await emit(IdentityEvents.accountDeleted, id, { id, name: account.name });
    return true;
  }

  async createUser(
    tx: EntityManager,
    emit: Emit,
    fields: UserFields & { confirmed: boolean },
    invitation?: Invitation,
  ): Promise<PlatformUser> {
    const user = await tx.save(
      tx.create(UserEntity, {
        ...fields,
        invitationTokenHash: invitation?.hash ?? null,
        invitationExpiresAt: invitation?.expiresAt ?? null,
      }),
    );
    await emit(IdentityEvents.userCreated, null, { user_id: user.id, name: user.name, email: user.email });
    return toPlatformUser(user);
  }

  /** Null when the user does not exist. */
  async updateUser(tx: EntityManager, emit: Emit, id: number, fields: UserFields): Promise<PlatformUser | null> {
    const user = await tx.findOne(UserEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!user) return null;
    const saved = await tx.save(Object.assign(user, fields));
    await emit(IdentityEvents.userUpdated, null, { user_id: saved.id, name: saved.name, email: saved.email });
    return toPlatformUser(saved);
  }

  /** False when the user does not exist. */
  async deleteUser(tx: EntityManager, emit: Emit, id: number): Promise<boolean> {
    const user = await tx.findOneBy(UserEntity, { id });
    if (!user) return false;
    await tx.delete(UserEntity, { id });
    await emit(IdentityEvents.userDeleted, null, { user_id: id, name: user.name, email: user.email });
    return true;
  }

  /** The user holding this address (any case), locked until the transaction ends. */
  async lockUserByEmail(
    tx: EntityManager,
    email: string,
  ): Promise<{ id: number; name: string; confirmed: boolean } | null> {
    const user = await tx
      .createQueryBuilder(UserEntity, 'u')
      .where('lower(u.email) = :email', { email })
      .setLock('pessimistic_write')
      .getOne();
    return user ? { id: user.id, name: user.name, confirmed: user.confirmed } : null;
  }

  async renewInvitation(tx: EntityManager, userId: number, invitation: Invitation): Promise<void> {
    await tx.update(
      UserEntity,
      { id: userId },
      { invitationTokenHash: invitation.hash, invitationExpiresAt: invitation.expiresAt },
    );
  }

  /** Confirms the user holding a live invitation with this token hash; null when none does. */
  async acceptInvitation(
    tx: EntityManager,
    emit: Emit,
    tokenHash: string,
    passwordHash: string,
  ): Promise<number | null> {
    const user = await tx.findOne(UserEntity, {
      where: { invitationTokenHash: tokenHash, invitationExpiresAt: MoreThan(new Date()) },
      lock: { mode: 'pessimistic_write' },
    });
    if (!user) return null;
    Object.assign(user, { passwordHash, confirmed: true, invitationTokenHash: null, invitationExpiresAt: null });
    await tx.save(user);
    await emit(IdentityEvents.userUpdated, null, { user_id: user.id, name: user.name, email: user.email });
    return user.id;
  }

  /** The accounts the user is a member of. */
  async accountsOf(tx: EntityManager, userId: number): Promise<number[]> {
    const memberships = await tx.findBy(AccountUserEntity, { userId });
    return memberships.map((membership) => membership.accountId);
  }

  async lockMembership(tx: EntityManager, accountId: number, userId: number): Promise<MembershipRecord | null> {
    return tx.findOne(AccountUserEntity, { where: { accountId, userId }, lock: { mode: 'pessimistic_write' } });
  }

  /** Adds the membership, or changes the role of the existing one. */
  async setMembership(
    tx: EntityManager,
    emit: Emit,
    accountId: number,
    userId: number,
    role: Role,
  ): Promise<AccountUser> {
    const existing = await tx.findOneBy(AccountUserEntity, { accountId, userId });
    const membership = existing ?? tx.create(AccountUserEntity, { accountId, userId, availabilityStatus: 'offline' });
    membership.role = role;
    const saved = await tx.save(membership);
    await emit(
      existing ? IdentityEvents.accountUserUpdated : IdentityEvents.accountUserCreated,
      accountId,
      toAccountUserEvent(saved),
    );
    return toAccountUser(saved);
  }

  async saveMembership(tx: EntityManager, emit: Emit, membership: MembershipRecord): Promise<void> {
    const saved = await tx.save(AccountUserEntity, membership);
    await emit(IdentityEvents.accountUserUpdated, saved.accountId, toAccountUserEvent(saved));
  }

  /** False when the user is not a member of the account. */
  async removeMembership(tx: EntityManager, emit: Emit, accountId: number, userId: number): Promise<boolean> {
    const membership = await tx.findOneBy(AccountUserEntity, { accountId, userId });
    if (!membership) return false;
    await tx.delete(AccountUserEntity, { id: membership.id });
    await emit(IdentityEvents.accountUserDeleted, accountId, toAccountUserEvent(membership));
    return true;
  }

  /** A user who never activated disappears with its last membership. */
  async dropIfPendingWithoutAccounts(tx: EntityManager, emit: Emit, userId: number): Promise<void> {
    const user = await tx.findOneByOrFail(UserEntity, { id: userId });
    if (user.confirmed || (await tx.countBy(AccountUserEntity, { userId })) > 0) return;
    await this.deleteUser(tx, emit, userId);
  }
}
