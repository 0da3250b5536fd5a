import type { AccountScoped, ById } from '../rpc/caller';
import type {
  AutomationRule,
  AutomationRuleRunPage,
  CreateAutomationRuleInput,
  UpdateAutomationRuleInput,
} from './automation-rule.types';

export const AutomationRulePatterns = {
  list: 'automation.rules.list',
  show: 'automation.rules.show',
  create: 'automation.rules.create',
  update: 'automation.rules.update',
  delete: 'automation.rules.delete',
  clone: 'automation.rules.clone',
  toggleActive: 'automation.rules.toggle_active',
  runs: 'automation.rules.runs',
} as const;

export interface AutomationRulesRpc {
  [AutomationRulePatterns.list]: { request: AccountScoped; response: AutomationRule[] };
  [AutomationRulePatterns.show]: { request: ById; response: AutomationRule };
  [AutomationRulePatterns.create]: {
    request: AccountScoped & { data: CreateAutomationRuleInput };
    response: AutomationRule;
  };
  [AutomationRulePatterns.update]: { request: ById & { data: UpdateAutomationRuleInput }; response: AutomationRule };
  [AutomationRulePatterns.delete]: { request: ById; response: null };
  /** A copy named "<name> (copy)" with the same active flag. */
  [AutomationRulePatterns.clone]: { request: ById; response: AutomationRule };
  [AutomationRulePatterns.toggleActive]: { request: ById; response: AutomationRule };
  /** Newest first, 25 per page, the last 7 days. */
  [AutomationRulePatterns.runs]: { request: ById & { page?: number }; response: AutomationRuleRunPage };
}
