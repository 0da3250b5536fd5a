import type { RuleAction, RuleActionOutcome } from './automation-rule.types';

export const MACRO_VISIBILITIES = ['global', 'personal'] as const;
export type MacroVisibility = (typeof MACRO_VISIBILITIES)[number];

/** The actions a macro may hold (the contract's list: no e-mail, webhook or team removal). */
export const MACRO_ACTION_NAMES = [
  'assign_agent',
  'assign_team',
  'assign_best_agent',
  'add_label',
  'remove_label',
  'send_message',
  'change_status',
  'change_priority',
  'send_attachment',
  'mute_conversation',
  'snooze_conversation',
  'add_private_note',
] as const;

export interface Macro {
  id: number;
  account_id: number;
  name: string;
  visibility: MacroVisibility;
  actions: RuleAction[];
  created_by: number;
  /** Unix seconds. */
  created_at: number;
  updated_at: number;
}

export interface CreateMacroInput {
  name: string;
  visibility?: MacroVisibility;
  actions: RuleAction[];
}

export type UpdateMacroInput = Partial<CreateMacroInput>;

/** What one execution did to each conversation, in order. */
export interface MacroExecution {
  payload: Array<{ conversation_id: number; actions: RuleActionOutcome[] }>;
}
