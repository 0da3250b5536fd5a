import { AgentErrors } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';

/** An account must keep at least one administrator: refuse changes that would leave it with none. */
export function assertAnotherAdministrator(otherAdministrators: number): void {
  if (otherAdministrators === 0)
    throw new DomainError(AgentErrors.lastAdministrator, 'An account needs at least one administrator', ['role']);
}
