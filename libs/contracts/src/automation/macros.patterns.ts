import type { AccountScoped, ById } from '../rpc/caller';
import type { CreateMacroInput, Macro, MacroExecution, UpdateMacroInput } from './macro.types';

export const MacroPatterns = {
  list: 'automation.macros.list',
  show: 'automation.macros.show',
  create: 'automation.macros.create',
  update: 'automation.macros.update',
  delete: 'automation.macros.delete',
  execute: 'automation.macros.execute',
} as const;

export interface MacrosRpc {
  /** Global macros and the caller's personal ones. */
  [MacroPatterns.list]: { request: AccountScoped; response: Macro[] };
  [MacroPatterns.show]: { request: ById; response: Macro };
  [MacroPatterns.create]: { request: AccountScoped & { data: CreateMacroInput }; response: Macro };
  [MacroPatterns.update]: { request: ById & { data: UpdateMacroInput }; response: Macro };
  [MacroPatterns.delete]: { request: ById; response: null };
  /** Every conversation is checked first: one the caller cannot reach fails the whole request, nothing applied. */
  [MacroPatterns.execute]: { request: ById & { conversation_ids: number[] }; response: MacroExecution };
}
