import { kitTablesMigration, type SchemaDefinition } from '@parley/service-kit';
import { AutomationRules1764000000001 } from './migrations/1764000000001-automation-rules';
import { AutomationRuleEntity } from './rules/persistence/automation-rule.orm-entity';

/** The tables of the `automation` schema and the migrations that build them, in order. */
export const automationSchema: SchemaDefinition = {
  entities: [AutomationRuleEntity],
  migrations: [kitTablesMigration('automation'), AutomationRules1764000000001],
};
