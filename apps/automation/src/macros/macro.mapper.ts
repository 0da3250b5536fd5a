import type { Macro } from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';
import type { MacroRow } from './persistence/macro.row';

export function toMacro(row: MacroRow): Macro {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    visibility: row.visibility,
    actions: row.actions,
    created_by: row.created_by,
    created_at: toUnixSeconds(row.created_at),
    updated_at: toUnixSeconds(row.updated_at),
  };
}
