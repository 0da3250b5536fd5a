import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Account, AccountUser, Agent, AvailabilityStatus, PlatformUser, Role } from '@parley/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { toAccount, toAccountUser, toAgent, toPlatformUser, type AgentRow } from './identity.mapper';
import { ACCOUNT_USER_COLUMNS, type AccountUserRow } from './persistence/account-user.row';
import { ACCOUNT_COLUMNS, type AccountRow } from './persistence/account.row';
import { USER_COLUMNS, type UserRow } from './persistence/user.row';

/** The confirmed users online in an account (`accountParam` holds its id) with their shown names, for the round-robin pick's one statement. */
export function onlineAgentsOf(accountParam: string): string {
  return `SELECT u.id, coalesce(u.display_name, u.name) AS name
            FROM messaging.account_users au JOIN messaging.users u ON u.id = au.user_id AND u.confirmed
           WHERE au.account_id = ${accountParam} AND au.availability_status = 'online'`;
}

/** The ids of the accounts messaging has, as a relation for other features' statements (e.g. a copy refused for an account gone here). */
export const ACCOUNT_IDS_SQL = '(SELECT id FROM messaging.accounts)';

/** Reads of users and account memberships that other features need: agents, names, roles. */
@Injectable()
export class IdentityLoader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Whether the `/cable` token is this confirmed user's, a member of the account. */
  async cableGranted(token: string, userId: number, accountId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM messaging.users u JOIN messaging.account_users au ON au.user_id = u.id AND au.account_id = $3
        WHERE u.pubsub_token = $1 AND u.id = $2 AND u.confirmed`,
      [token, userId, accountId],
    );
    return rows.length > 0;
  }

  /**
   * The `/cable` tokens of who sees an inbox's conversations: the account's administrators and
   * the inbox's members (`members` is the members' relation with the inbox id in `$2`).
   */
  async cableTokensOf(
    accountId: number,
    inboxId: number,
    members: string,
  ): Promise<Array<{ id: number; token: string }>> {
    return this.dataSource.query(
      `SELECT u.id, u.pubsub_token AS token FROM messaging.account_users au JOIN messaging.users u ON u.id = au.user_id
        WHERE au.account_id = $1 AND (au.role = 'administrator' OR au.user_id IN (${members}))`,
      [accountId, inboxId],
    );
  }

  /** Every member of the account and its availability now (`presence.update`'s `users`). */
  async availabilities(accountId: number): Promise<Record<string, AvailabilityStatus>> {
    const rows: Array<{ user_id: number; availability_status: AvailabilityStatus }> = await this.dataSource.query(
      'SELECT user_id, availability_status FROM messaging.account_users WHERE account_id = $1',
      [accountId],
    );
    return Object.fromEntries(rows.map((row) => [String(row.user_id), row.availability_status]));
  }

  async account(id: number): Promise<Account | null> {
    const [account]: AccountRow[] = await this.dataSource.query(
      `SELECT ${ACCOUNT_COLUMNS} FROM messaging.accounts WHERE id = $1`,
      [id],
    );
    return account ? toAccount(account) : null;
  }

  async platformUser(id: number): Promise<PlatformUser | null> {
    const [user]: UserRow[] = await this.dataSource.query(`SELECT ${USER_COLUMNS} FROM messaging.users WHERE id = $1`, [
      id,
    ]);
    return user ? toPlatformUser(user) : null;
  }

  async accountUsers(accountId: number): Promise<AccountUser[]> {
    const rows: AccountUserRow[] = await this.dataSource.query(
      `SELECT ${ACCOUNT_USER_COLUMNS} FROM messaging.account_users WHERE account_id = $1 ORDER BY id`,
      [accountId],
    );
    return rows.map(toAccountUser);
  }

  /** The members of an account as agents: users joined with their membership there. */
  async agents(accountId: number, options: { userIds?: number[]; tx?: EntityManager } = {}): Promise<Agent[]> {
    const params: unknown[] = [accountId];
    let filter = '';
    if (options.userIds) {
      params.push(options.userIds);
      filter = 'AND u.id = ANY($2::int[])';
    }
    const rows: AgentRow[] = await (options.tx ?? this.dataSource).query(
      `SELECT u.id, au.account_id, u.name, u.display_name, u.email, au.role, au.availability_status, au.auto_offline, u.confirmed
         FROM messaging.account_users au JOIN messaging.users u ON u.id = au.user_id
        WHERE au.account_id = $1 ${filter}
        ORDER BY u.name, u.id`,
      params,
    );
    return rows.map(toAgent);
  }

  async agent(accountId: number, userId: number, tx?: EntityManager): Promise<Agent | null> {
    const [agent] = await this.agents(accountId, { userIds: [userId], tx });
    return agent ?? null;
  }

  /** The ids among `userIds` that are not members of the account. */
  async strangers(accountId: number, userIds: number[], tx?: EntityManager): Promise<number[]> {
    const rows: Array<{ user_id: number }> = await (tx ?? this.dataSource).query(
      'SELECT user_id FROM messaging.account_users WHERE account_id = $1 AND user_id = ANY($2::int[])',
      [accountId, userIds],
    );
    const members = new Set(rows.map((row) => row.user_id));
    return [...new Set(userIds)].filter((id) => !members.has(id));
  }

  /** The user's role in the account, or null when it is not a member. */
  async role(tx: EntityManager, accountId: number, userId: number): Promise<Role | null> {
    const [row]: Array<{ role: Role }> = await tx.query(
      'SELECT role FROM messaging.account_users WHERE account_id = $1 AND user_id = $2',
      [accountId, userId],
    );
    return row?.role ?? null;
  }

  /** How many administrators the account has besides the user. */
  async otherAdministrators(tx: EntityManager, accountId: number, userId: number): Promise<number> {
    const [row]: Array<{ n: number }> = await tx.query(
      `SELECT count(*)::int AS n FROM messaging.account_users
        WHERE account_id = $1 AND role = 'administrator' AND user_id <> $2`,
      [accountId, userId],
    );
    return row.n;
  }

  /** The name a user shows (its display name, else its name); null for an unknown user. */
  async shownName(manager: EntityManager, userId: number): Promise<string | null> {
    const [user]: Array<{ name: string }> = await manager.query(
      'SELECT coalesce(display_name, name) AS name FROM messaging.users WHERE id = $1',
      [userId],
    );
    return user?.name ?? null;
  }
}
