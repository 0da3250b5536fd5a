import type { AutomationEventName, AutomationRule } from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';
import type { AutomationRuleRow } from './persistence/automation-rule.row';

export function toAutomationRule(row: AutomationRuleRow): AutomationRule {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    description: row.description,
    event_name: row.event_name as AutomationEventName,
    conditions: row.conditions,
    actions: row.actions,
    active: row.active,
    webhook_secret: row.webhook_secret,
    created_on: toUnixSeconds(row.created_at),
    updated_at: toUnixSeconds(row.updated_at),
  };
}
