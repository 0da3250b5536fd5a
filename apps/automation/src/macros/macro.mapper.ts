import type { Macro } from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';
import type { MacroEntity } from './persistence/macro.orm-entity';

export function toMacro(entity: MacroEntity): Macro {
  return {
    id: entity.id,
    account_id: entity.accountId,
    name: entity.name,
    visibility: entity.visibility,
    actions: entity.actions,
    created_by: entity.createdBy,
    created_at: toUnixSeconds(entity.createdAt),
    updated_at: toUnixSeconds(entity.updatedAt),
  };
}
