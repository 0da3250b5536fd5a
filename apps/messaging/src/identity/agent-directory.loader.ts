import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Agent, AvailabilityStatus, Role } from '@parley/contracts';
import { createHash } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';

interface AgentRow {
  id: number;
  account_id: number;
  name: string;
  display_name: string | null;
  email: string;
  role: Role;
  availability_status: AvailabilityStatus;
  confirmed: boolean;
}

/** Gravatar of the address (404 when none, so clients fall back to initials). */
function thumbnailOf(email: string): string {
  return `https://www.gravatar.com/avatar/${createHash('md5').update(email.trim().toLowerCase()).digest('hex')}?d=404`;
}

export function toAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    email: row.email,
    role: row.role,
    availability_status: row.availability_status,
    confirmed: row.confirmed,
    available_name: row.display_name || row.name,
    thumbnail: thumbnailOf(row.email),
  };
}

/** The members of an account as agents: users joined with their membership there. */
@Injectable()
export class AgentDirectory {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(accountId: number, options: { userIds?: number[]; tx?: EntityManager } = {}): Promise<Agent[]> {
    const params: unknown[] = [accountId];
    let filter = '';
    if (options.userIds) {
      params.push(options.userIds);
      filter = 'AND u.id = ANY($2::int[])';
    }
    const rows: AgentRow[] = await (options.tx ?? this.dataSource).query(
      `SELECT u.id, au.account_id, u.name, u.display_name, u.email, au.role, au.availability_status, u.confirmed
         FROM messaging.account_users au JOIN messaging.users u ON u.id = au.user_id
        WHERE au.account_id = $1 ${filter}
        ORDER BY u.name, u.id`,
      params,
    );
    return rows.map(toAgent);
  }

  async find(accountId: number, userId: number, tx?: EntityManager): Promise<Agent | null> {
    const [agent] = await this.list(accountId, { userIds: [userId], tx });
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
}
