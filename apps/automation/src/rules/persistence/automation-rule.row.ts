import type { RuleAction, RuleCondition } from '@parley/contracts';

/** @owns automation.rules */

/** A `rules` row. */
export interface AutomationRuleRow {
  id: number;
  account_id: number;
  name: string;
  description: string | null;
  event_name: string;
  conditions: RuleCondition[];
  actions: RuleAction[];
  active: boolean;
  /** The administrator in whose name the rule's actions run (messages it sends show them). */
  created_by: number;
  /** Signs what the rule's send_webhook_event actions post. */
  webhook_secret: string;
  created_at: Date;
  updated_at: Date;
}

export const AUTOMATION_RULE_COLUMNS =
  'id, account_id, name, description, event_name, conditions, actions, active, created_by, webhook_secret, created_at, updated_at';
