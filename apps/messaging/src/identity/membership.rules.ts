import { AgentErrors } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';

/** Refuses user ids that are not agents of the account (team and inbox member lists). */
export function assertAllAgents(strangers: number[]): void {
  if (strangers.length > 0) {
    throw new DomainError(
      AgentErrors.notInAccount,
      `User ${strangers.join(', ')} ${strangers.length === 1 ? 'is' : 'are'} not an agent of this account`,
      ['user_ids'],
    );
  }
}
