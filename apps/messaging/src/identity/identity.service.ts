import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  IdentityEvents,
  UserErrors,
  type Membership,
  type Profile,
  type ResolvedIdentity,
  type UpdateProfileInput,
} from '@parley/contracts';
import { DomainError, findOneOrFail, generateAccessToken, Outbox } from '@parley/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { toAccountUserEvent } from './identity.mapper';
import { AccessTokenEntity } from './persistence/access-token.orm-entity';
import { AccountUserEntity } from './persistence/account-user.orm-entity';
import { UserEntity } from './persistence/user.orm-entity';

@Injectable()
export class IdentityService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(AccountUserEntity) private readonly accountUsers: Repository<AccountUserEntity>,
    private readonly outbox: Outbox,
  ) {}

  /** Who holds this token and where may they act; null for an unknown token or a pending user. */
  async resolve(tokenHash: string): Promise<ResolvedIdentity | null> {
    const [user] = await this.users.query(
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
    const user = await findOneOrFail(this.users, { id: userId }, 'User', UserErrors.notFound);
    const rows: Array<Membership & { availability_status: Profile['accounts'][number]['availability_status'] }> =
      await this.accountUsers.query(
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
      display_name: user.displayName,
      available_name: user.displayName || user.name,
      email: user.email,
      confirmed: user.confirmed,
      account_id: current?.id ?? null,
      role: current?.role ?? null,
      accounts: rows,
    };
  }

  /** Changes the caller's own name and availability (in one account, or in all of them). */
  async updateProfile(userId: number, input: UpdateProfileInput): Promise<Profile> {
    await this.outbox.transaction(async (tx, emit) => {
      const user = await tx.findOneOrFail(UserEntity, { where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      if (input.name !== undefined || input.display_name !== undefined) {
        if (input.name !== undefined) {
          const name = input.name.trim();
          if (!name) throw new DomainError(UserErrors.nameBlank, "Name can't be blank", ['name']);
          user.name = name;
        }
        if (input.display_name !== undefined) user.displayName = input.display_name?.trim() || null;
        await tx.save(user);
        await emit(IdentityEvents.userUpdated, null, { user_id: user.id, name: user.name, email: user.email });
      }
      if (input.availability !== undefined) {
        const memberships = await tx.find(AccountUserEntity, {
          where: input.account_id === undefined ? { userId } : { userId, accountId: input.account_id },
          lock: { mode: 'pessimistic_write' },
        });
        if (input.account_id !== undefined && memberships.length === 0) {
          throw new DomainError(UserErrors.notAccountMember, 'You are not a member of that account', ['account_id']);
        }
        for (const membership of memberships.filter((m) => m.availabilityStatus !== input.availability)) {
          membership.availabilityStatus = input.availability;
          const saved = await tx.save(membership);
          await emit(IdentityEvents.accountUserUpdated, saved.accountId, toAccountUserEvent(saved));
        }
      }
    });
    return this.profile(userId, input.account_id);
  }

  /** Replaces every token of the user by a new one; the old ones stop working at once. */
  async rotateToken(userId: number): Promise<{ access_token: string }> {
    await findOneOrFail(this.users, { id: userId }, 'User', UserErrors.notFound);
    return this.outbox.transaction(async (tx, emit) => {
      await tx.delete(AccessTokenEntity, { userId });
      const token = await this.issueToken(tx, userId);
      await emit(IdentityEvents.tokenRotated, null, { user_id: userId });
      return { access_token: token };
    });
  }

  /** Stores a new token for the user (hashed) and returns it in clear, once. */
  async issueToken(tx: EntityManager, userId: number): Promise<string> {
    const { token, hash } = generateAccessToken();
    await tx.insert(AccessTokenEntity, { userId, tokenHash: hash });
    return token;
  }

  private memberships(userId: number): Promise<Membership[]> {
    return this.accountUsers.query(
      `SELECT a.id, a.name, au.role FROM messaging.account_users au
         JOIN messaging.accounts a ON a.id = au.account_id
        WHERE au.user_id = $1 ORDER BY a.id`,
      [userId],
    );
  }
}
