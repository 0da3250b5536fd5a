import type { AutomationEventName, AutomationRule } from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';
import type { AutomationRuleEntity } from './persistence/automation-rule.orm-entity';

export function toAutomationRule(entity: AutomationRuleEntity): AutomationRule {
  return {
    id: entity.id,
    account_id: entity.accountId,
    name: entity.name,
    description: entity.description,
    event_name: entity.eventName as AutomationEventName,
    conditions: entity.conditions,
    actions: entity.actions,
    active: entity.active,
    webhook_secret: entity.webhookSecret,
    created_on: toUnixSeconds(entity.createdAt),
    updated_at: toUnixSeconds(entity.updatedAt),
  };
}
