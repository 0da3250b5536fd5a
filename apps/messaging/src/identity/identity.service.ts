import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  IdentityEvents,
  UserErrors,
  type Membership,
  type Profile,
  type ResolvedIdentity,
  type UpdateProfileInput,
} from '@parley/contracts';
import { DomainError, generateAccessToken, Outbox, selectOneOrFail } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { toAccountUserEvent } from './identity.mapper';
import type { AccessTokenRow } from './persistence/access-token.row';
import { ACCOUNT_USER_COLUMNS, type AccountUserRow } from './persistence/account-user.row';
import { NEW_PUBSUB_TOKEN, USER_COLUMNS, type UserRow } from './persistence/user.row';

@Injectable()
export class IdentityService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  /** Who holds this token and where may they act; null for an unknown token or a pending user. */
  async resolve(tokenHash: string): Promise<ResolvedIdentity | null> {
    const [user]: Array<Pick<UserRow, 'id' | 'name' | 'email'>> = await this.dataSource.query(
      `SELECT u.id, u.name, u.email FROM messaging.access_tokens t
         JOIN messaging.users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND u.confirmed`,
      [tokenHash],
    );
    if (!user) return null;
    return { user_id: user.id, name: user.name, email: user.email, accounts: await this.memberships(user.id) };
  }

  /** `currentAccountId`: the account the request names as current; the first account otherwise. */
  async profile(userId: number, currentAccountId?: number): Promise<Profile> {
    const user = await this.findUser(this.dataSource, userId, '');
    const rows: Array<Membership & { availability_status: Profile['accounts'][number]['availability_status'] }> =
      await this.dataSource.query(
        `SELECT a.id, a.name, au.role, au.availability_status FROM messaging.account_users au
           JOIN messaging.accounts a ON a.id = au.account_id
          WHERE au.user_id = $1 ORDER BY a.id`,
        [userId],
      );
    const current = rows.find((row) => row.id === currentAccountId) ?? rows[0];
    return {
      id: user.id,
      uid: user.email,
      name: user.name,
      display_name: user.display_name,
      available_name: user.display_name || user.name,
      email: user.email,
      confirmed: user.confirmed,
      pubsub_token: user.pubsub_token,
      account_id: current?.id ?? null,
      role: current?.role ?? null,
      accounts: rows,
    };
  }

  /** Changes the caller's own name and availability (in one account, or in all of them). */
  async updateProfile(userId: number, input: UpdateProfileInput): Promise<Profile> {
    await this.outbox.transaction(async (tx, emit) => {
      const user = await this.findUser(tx, userId, 'FOR UPDATE');
      if (input.name !== undefined || input.display_name !== undefined) {
        if (input.name !== undefined) {
          const name = input.name.trim();
          if (!name) throw new DomainError(UserErrors.nameBlank, "Name can't be blank", ['name']);
          user.name = name;
        }
        if (input.display_name !== undefined) user.display_name = input.display_name?.trim() || null;
        await tx.query(
          `UPDATE messaging.users SET name = $2, display_name = $3,
                  updated_at = CASE WHEN (name, display_name) IS DISTINCT FROM ($2, $3) THEN now() ELSE updated_at END
            WHERE id = $1`,
          [user.id, user.name, user.display_name],
        );
        await emit(IdentityEvents.userUpdated, null, { user_id: user.id, name: user.name, email: user.email });
      }
      if (input.availability !== undefined) {
        const memberships: AccountUserRow[] = await tx.query(
          `SELECT ${ACCOUNT_USER_COLUMNS} FROM messaging.account_users
            WHERE user_id = $1 AND ($2::int IS NULL OR account_id = $2) ORDER BY id FOR UPDATE`,
          [userId, input.account_id ?? null],
        );
        if (input.account_id !== undefined && memberships.length === 0) {
          throw new DomainError(UserErrors.notAccountMember, 'You are not a member of that account', ['account_id']);
        }
        for (const membership of memberships.filter(
          (m) => m.availability_status !== input.availability || m.availability_when_present !== null,
        )) {
          membership.availability_status = input.availability;
          await tx.query(
            // Chosen through the API: no longer the one its sockets' return would bring back.
            'UPDATE messaging.account_users SET availability_status = $2, availability_when_present = NULL, updated_at = now() WHERE id = $1',
            [membership.id, membership.availability_status],
          );
          await emit(IdentityEvents.accountUserUpdated, membership.account_id, toAccountUserEvent(membership));
        }
      }
    });
    return this.profile(userId, input.account_id);
  }

  /** Replaces every token of the user by a new one; the old ones stop working at once. */
  async rotateToken(userId: number): Promise<{ access_token: string }> {
    await this.findUser(this.dataSource, userId, '');
    return this.outbox.transaction(async (tx, emit) => {
      await tx.query('DELETE FROM messaging.access_tokens WHERE user_id = $1', [userId]);
      // A leaked token's `/cable` access goes with it.
      await tx.query(`UPDATE messaging.users SET pubsub_token = ${NEW_PUBSUB_TOKEN} WHERE id = $1`, [userId]);
      const token = await this.issueToken(tx, userId);
      await emit(IdentityEvents.tokenRotated, null, { user_id: userId });
      return { access_token: token };
    });
  }

  /** Stores a new token for the user (hashed) and returns it in clear, once. */
  async issueToken(tx: EntityManager, userId: number): Promise<string> {
    const { token, hash } = generateAccessToken();
    const row: Pick<AccessTokenRow, 'user_id' | 'token_hash'> = { user_id: userId, token_hash: hash };
    await tx.query('INSERT INTO messaging.access_tokens (user_id, token_hash) VALUES ($1, $2)', [
      row.user_id,
      row.token_hash,
    ]);
    return token;
  }

  private memberships(userId: number): Promise<Membership[]> {
    return this.dataSource.query(
      `SELECT a.id, a.name, au.role FROM messaging.account_users au
         JOIN messaging.accounts a ON a.id = au.account_id
        WHERE au.user_id = $1 ORDER BY a.id`,
      [userId],
    );
  }

  private findUser(on: EntityManager | DataSource, userId: number, lock: '' | 'FOR UPDATE'): Promise<UserRow> {
    return selectOneOrFail<UserRow>(
      on,
      `SELECT ${USER_COLUMNS} FROM messaging.users WHERE id = $1 ${lock}`,
      [userId],
      'User',
      UserErrors.notFound,
    );
  }
}
