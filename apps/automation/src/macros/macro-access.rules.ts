import { MacroErrors, type Caller, type MacroVisibility } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';

interface Owned {
  visibility: MacroVisibility;
  created_by: number;
}

const denied = (message: string) => new DomainError(MacroErrors.accessDenied, message);

/** Global macros are for everyone to see and run; a personal one only for its creator. */
export function assertCanUse(caller: Caller, macro: Owned): void {
  if (macro.visibility === 'personal' && macro.created_by !== caller.user_id)
    throw denied('This personal macro belongs to another agent');
}

/** Global macros are created and edited by administrators only; a personal one by its creator only. */
export function assertCanEdit(caller: Caller, macro: Owned): void {
  if (macro.visibility === 'global' && caller.role !== 'administrator')
    throw denied('Only administrators can change global macros');
  assertCanUse(caller, macro);
}
