import { Injectable } from '@nestjs/common';
import { IdentityEvents, type Account, type AccountUser, type PlatformUser, type Role } from '@parley/contracts';
import type { Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { toAccount, toAccountUser, toAccountUserEvent, toPlatformUser } from './identity.mapper';
import { ACCOUNT_USER_COLUMNS, type AccountUserRow } from './persistence/account-user.row';
import { CONNECTED_SQL } from './persistence/agent-presence.row';
import { ACCOUNT_COLUMNS, type AccountRow } from './persistence/account.row';
import { NEW_PUBSUB_TOKEN, USER_COLUMNS, type UserRow } from './persistence/user.row';

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
  AccountUserRow,
  'id' | 'account_id' | 'user_id' | 'role' | 'availability_status' | 'auto_offline'
>;

/**
 * Writes of accounts, users and memberships for the features that manage them (platform, agents),
 * each with its identity event, in the caller's outbox transaction.
 */
/** The first row of an UPDATE/DELETE … RETURNING (TypeORM answers those as [rows, count]). */
async function returned<T>(tx: EntityManager, text: string, values: unknown[]): Promise<T | undefined> {
  const [rows] = (await tx.query(text, values)) as [T[], number];
  return rows[0];
}

@Injectable()
export class IdentityWriter {
  async createAccount(tx: EntityManager, emit: Emit, name: string): Promise<Account> {
    const [account] = (await tx.query(
      `INSERT INTO messaging.accounts (name) VALUES ($1) RETURNING ${ACCOUNT_COLUMNS}`,
      [name],
    )) as AccountRow[];
    await emit(IdentityEvents.accountCreated, account.id, { id: account.id, name: account.name });
    return toAccount(account);
  }

  /** Null when the account does not exist. */
  async updateAccount(tx: EntityManager, emit: Emit, id: number, name: string | undefined): Promise<Account | null> {
    const saved = await returned<AccountRow>(
      tx,
      `UPDATE messaging.accounts SET name = COALESCE($2, name),
              updated_at = CASE WHEN name IS DISTINCT FROM COALESCE($2, name) THEN now() ELSE updated_at END
        WHERE id = $1 RETURNING ${ACCOUNT_COLUMNS}`,
      [id, name ?? null],
    );
    if (!saved) return null;
    await emit(IdentityEvents.accountUpdated, saved.id, { id: saved.id, name: saved.name });
    return toAccount(saved);
  }

  /** Removes the account and, through the schema's cascades, everything it owns here; false when it does not exist. */
  async deleteAccount(tx: EntityManager, emit: Emit, id: number): Promise<boolean> {
    const account = await returned<Pick<AccountRow, 'name'>>(
      tx,
      'DELETE FROM messaging.accounts WHERE id = $1 RETURNING name',
      [id],
    );
    if (!account) return false;
    await emit(IdentityEvents.accountDeleted, id, { id, name: account.name });
    return true;
  }

  async createUser(
    tx: EntityManager,
    emit: Emit,
    fields: UserFields & { confirmed: boolean },
    invitation?: Invitation,
  ): Promise<PlatformUser> {
    const [user] = (await tx.query(
      `INSERT INTO messaging.users (name, email, display_name, password_hash, confirmed, invitation_token_hash, invitation_expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${USER_COLUMNS}`,
      [
        fields.name,
        fields.email,
        fields.displayName ?? null,
        fields.passwordHash ?? null,
        fields.confirmed,
        invitation?.hash ?? null,
        invitation?.expiresAt ?? null,
      ],
    )) as UserRow[];
    await emit(IdentityEvents.userCreated, null, { user_id: user.id, name: user.name, email: user.email });
    return toPlatformUser(user);
  }

  /** Null when the user does not exist. */
  async updateUser(tx: EntityManager, emit: Emit, id: number, fields: UserFields): Promise<PlatformUser | null> {
    const [user]: UserRow[] = await tx.query(`SELECT ${USER_COLUMNS} FROM messaging.users WHERE id = $1 FOR UPDATE`, [
      id,
    ]);
    if (!user) return null;
    const next = {
      name: fields.name ?? user.name,
      email: fields.email ?? user.email,
      display_name: fields.displayName !== undefined ? fields.displayName : user.display_name,
      password_hash: fields.passwordHash !== undefined ? fields.passwordHash : user.password_hash,
    };
    const saved = (await returned<UserRow>(
      tx,
      `UPDATE messaging.users SET name = $2, email = $3, display_name = $4, password_hash = $5,
              pubsub_token = CASE WHEN password_hash IS DISTINCT FROM $5 THEN ${NEW_PUBSUB_TOKEN} ELSE pubsub_token END,
              updated_at = CASE WHEN (name, email, display_name, password_hash) IS DISTINCT FROM ($2, $3, $4, $5)
                                THEN now() ELSE updated_at END
        WHERE id = $1 RETURNING ${USER_COLUMNS}`,
      [id, next.name, next.email, next.display_name, next.password_hash],
    ))!;
    await emit(IdentityEvents.userUpdated, null, { user_id: saved.id, name: saved.name, email: saved.email });
    return toPlatformUser(saved);
  }

  /** False when the user does not exist. */
  async deleteUser(tx: EntityManager, emit: Emit, id: number): Promise<boolean> {
    const user = await returned<Pick<UserRow, 'name' | 'email'>>(
      tx,
      'DELETE FROM messaging.users WHERE id = $1 RETURNING name, email',
      [id],
    );
    if (!user) return false;
    await emit(IdentityEvents.userDeleted, null, { user_id: id, name: user.name, email: user.email });
    return true;
  }

  /** The user holding this address (any case), locked until the transaction ends. */
  async lockUserByEmail(
    tx: EntityManager,
    email: string,
  ): Promise<{ id: number; name: string; confirmed: boolean } | null> {
    const [user]: Array<Pick<UserRow, 'id' | 'name' | 'confirmed'>> = await tx.query(
      'SELECT id, name, confirmed FROM messaging.users WHERE lower(email) = $1 LIMIT 1 FOR UPDATE',
      [email],
    );
    return user ?? null;
  }

  async renewInvitation(tx: EntityManager, userId: number, invitation: Invitation): Promise<void> {
    await tx.query(
      `UPDATE messaging.users SET invitation_token_hash = $2, invitation_expires_at = $3, updated_at = now() WHERE id = $1`,
      [userId, invitation.hash, invitation.expiresAt],
    );
  }

  /** Confirms the user holding a live invitation with this token hash; null when none does. */
  async acceptInvitation(
    tx: EntityManager,
    emit: Emit,
    tokenHash: string,
    passwordHash: string,
  ): Promise<number | null> {
    const user = await returned<Pick<UserRow, 'id' | 'name' | 'email'>>(
      tx,
      `UPDATE messaging.users
          SET password_hash = $2, confirmed = true, invitation_token_hash = NULL, invitation_expires_at = NULL,
              pubsub_token = ${NEW_PUBSUB_TOKEN}, updated_at = now()
        WHERE id = (SELECT id FROM messaging.users WHERE invitation_token_hash = $1 AND invitation_expires_at > now()
                     LIMIT 1 FOR UPDATE)
        RETURNING id, name, email`,
      [tokenHash, passwordHash],
    );
    if (!user) return null;
    await emit(IdentityEvents.userUpdated, null, { user_id: user.id, name: user.name, email: user.email });
    return user.id;
  }

  /** The accounts the user is a member of. */
  async accountsOf(tx: EntityManager, userId: number): Promise<number[]> {
    const memberships: Array<Pick<AccountUserRow, 'account_id'>> = await tx.query(
      'SELECT account_id FROM messaging.account_users WHERE user_id = $1',
      [userId],
    );
    return memberships.map((membership) => membership.account_id);
  }

  async lockMembership(tx: EntityManager, accountId: number, userId: number): Promise<MembershipRecord | null> {
    const [membership]: MembershipRecord[] = await tx.query(
      `SELECT id, account_id, user_id, role, availability_status, auto_offline FROM messaging.account_users
        WHERE account_id = $1 AND user_id = $2 FOR UPDATE`,
      [accountId, userId],
    );
    return membership ?? null;
  }

  /** Adds the membership, or changes the role of the existing one. */
  async setMembership(
    tx: EntityManager,
    emit: Emit,
    accountId: number,
    userId: number,
    role: Role,
  ): Promise<AccountUser> {
    const [existing]: AccountUserRow[] = await tx.query(
      `SELECT ${ACCOUNT_USER_COLUMNS} FROM messaging.account_users WHERE account_id = $1 AND user_id = $2`,
      [accountId, userId],
    );
    let saved: AccountUserRow;
    if (existing) {
      saved = (await returned<AccountUserRow>(
        tx,
        `UPDATE messaging.account_users SET role = $2,
                updated_at = CASE WHEN role IS DISTINCT FROM $2 THEN now() ELSE updated_at END
          WHERE id = $1 RETURNING ${ACCOUNT_USER_COLUMNS}`,
        [existing.id, role],
      ))!;
    } else {
      [saved] = (await tx.query(
        `INSERT INTO messaging.account_users (account_id, user_id, role, availability_status) VALUES ($1, $2, $3, 'offline')
         RETURNING ${ACCOUNT_USER_COLUMNS}`,
        [accountId, userId, role],
      )) as AccountUserRow[];
    }
    await emit(
      existing ? IdentityEvents.accountUserUpdated : IdentityEvents.accountUserCreated,
      accountId,
      toAccountUserEvent(saved),
    );
    return toAccountUser(saved);
  }

  async saveMembership(tx: EntityManager, emit: Emit, membership: MembershipRecord): Promise<void> {
    const saved = (await returned<AccountUserRow>(
      tx,
      `UPDATE messaging.account_users SET role = $2, availability_status = $3, auto_offline = $4,
              availability_when_present = CASE WHEN availability_status IS DISTINCT FROM $3 THEN NULL
                                               ELSE availability_when_present END,
              updated_at = CASE WHEN (role, availability_status, auto_offline) IS DISTINCT FROM ($2, $3, $4)
                                THEN now() ELSE updated_at END
        WHERE id = $1 RETURNING ${ACCOUNT_USER_COLUMNS}`,
      [membership.id, membership.role, membership.availability_status, membership.auto_offline],
    ))!;
    await emit(IdentityEvents.accountUserUpdated, saved.account_id, toAccountUserEvent(saved));
  }

  /** The agent connected again: the availability it had when its last socket went, if it went offline then. */
  async restoreWhenPresent(tx: EntityManager, emit: Emit, accountId: number, userId: number): Promise<void> {
    const restored = await returned<AccountUserRow>(
      tx,
      `UPDATE messaging.account_users SET availability_status = availability_when_present,
              availability_when_present = NULL, updated_at = now()
        WHERE account_id = $1 AND user_id = $2 AND availability_when_present IS NOT NULL
        RETURNING ${ACCOUNT_USER_COLUMNS}`,
      [accountId, userId],
    );
    if (restored) await emit(IdentityEvents.accountUserUpdated, accountId, toAccountUserEvent(restored));
  }

  /**
   * Of these agents, those with `auto_offline` and no socket left on any replica go offline,
   * remembering what to restore. Their rows are locked first, in a statement of their own, so
   * the check below sees a concurrent connect that committed meanwhile.
   */
  async offlineWithoutSockets(
    tx: EntityManager,
    emit: Emit,
    agents: Array<{ account_id: number; user_id: number }>,
  ): Promise<void> {
    if (agents.length === 0) return;
    const accounts = agents.map((agent) => agent.account_id);
    const users = agents.map((agent) => agent.user_id);
    const pairs = 'SELECT * FROM unnest($1::int[], $2::int[]) AS g(account_id, user_id)';
    await tx.query(
      `SELECT 1 FROM messaging.account_users WHERE (account_id, user_id) IN (${pairs})
        ORDER BY id FOR UPDATE`,
      [accounts, users],
    );
    const [gone] = (await tx.query(
      `UPDATE messaging.account_users au SET availability_when_present = au.availability_status,
              availability_status = 'offline', updated_at = now()
        WHERE (au.account_id, au.user_id) IN (${pairs}) AND au.auto_offline AND au.availability_status <> 'offline'
          AND NOT ${CONNECTED_SQL}
        RETURNING ${ACCOUNT_USER_COLUMNS}`,
      [accounts, users],
    )) as [AccountUserRow[], number];
    for (const row of gone) await emit(IdentityEvents.accountUserUpdated, row.account_id, toAccountUserEvent(row));
  }

  /** False when the user is not a member of the account. */
  async removeMembership(tx: EntityManager, emit: Emit, accountId: number, userId: number): Promise<boolean> {
    const membership = await returned<AccountUserRow>(
      tx,
      `DELETE FROM messaging.account_users WHERE account_id = $1 AND user_id = $2 RETURNING ${ACCOUNT_USER_COLUMNS}`,
      [accountId, userId],
    );
    if (!membership) return false;
    await emit(IdentityEvents.accountUserDeleted, accountId, toAccountUserEvent(membership));
    return true;
  }

  /** A user who never activated disappears with its last membership. */
  async dropIfPendingWithoutAccounts(tx: EntityManager, emit: Emit, userId: number): Promise<void> {
    const [user]: Array<Pick<UserRow, 'confirmed'> & { memberships: number }> = await tx.query(
      `SELECT confirmed, (SELECT count(*)::int FROM messaging.account_users WHERE user_id = $1) AS memberships
         FROM messaging.users WHERE id = $1`,
      [userId],
    );
    if (!user || user.confirmed || user.memberships > 0) return;
    await this.deleteUser(tx, emit, userId);
  }
}
