import { AgentErrors } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';

/** An account must keep at least one administrator: refuse changes that would leave it with none. */
export async function assertAnotherAdministrator(tx: EntityManager, accountId: number, userId: number): Promise<void> {
  const rows: Array<{ n: number }> = await tx.query(
    `SELECT count(*)::int AS n FROM messaging.account_users
      WHERE account_id = $1 AND role = 'administrator' AND user_id <> $2`,
    [accountId, userId],
  );
  if (rows[0].n === 0) throw new DomainError(AgentErrors.lastAdministrator, 'An account needs at least one administrator', ['role']);
}

/** Refuses user ids that are not agents of the account. */
export function assertAllMembers(strangers: number[]): void {
  if (strangers.length > 0) {
    throw new DomainError(AgentErrors.notInAccount, `User ${strangers.join(', ')} ${strangers.length === 1 ? 'is' : 'are'} not an agent of this account`, ['user_ids']);
  }
}
