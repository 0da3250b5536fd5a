import type { MacroVisibility, RuleAction } from '@parley/contracts';

/** @owns automation.macros */

/** A `macros` row. */
export interface MacroRow {
  id: number;
  account_id: number;
  name: string;
  visibility: MacroVisibility;
  actions: RuleAction[];
  created_by: number;
  created_at: Date;
  updated_at: Date;
}

export const MACRO_COLUMNS = 'id, account_id, name, visibility, actions, created_by, created_at, updated_at';
