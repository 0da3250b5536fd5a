import {
  AutomationRuleErrors,
  CONDITION_ATTRIBUTE_KEYS,
  CONVERSATION_STATUSES,
  MESSAGE_TYPES,
  PRIORITIES,
  type AutomationEventName,
  type CustomAttributeDefinition,
  type RuleCondition,
} from '@parley/contracts';
import { DomainError, OPERATORS_BY_KIND } from '@parley/service-kit';

/** How a condition's values are compared, which decides its operators and the type of its values. */
export type ConditionKind = 'text' | 'enum' | 'id' | 'number' | 'labels' | 'boolean';

const KIND_OF_KEY: Record<(typeof CONDITION_ATTRIBUTE_KEYS)[number], ConditionKind> = {
  content: 'text',
  status: 'enum',
  inbox_id: 'id',
  team_id: 'id',
  assignee_id: 'id',
  labels: 'labels',
  priority: 'enum',
  message_type: 'enum',
  country_code: 'text',
  browser_language: 'text',
  referer: 'text',
  campaign_id: 'id',
};

const ENUM_VALUES: Record<string, readonly string[]> = {
  status: CONVERSATION_STATUSES,
  priority: PRIORITIES,
  message_type: MESSAGE_TYPES,
};

/** Keys that describe the message, so only `message_created` can test them. */
const MESSAGE_KEYS = new Set(['content', 'message_type']);

/** The filters' operator table; ids compare like enums (equality and presence only). */
function operatorsOf(kind: ConditionKind): readonly string[] {
  return OPERATORS_BY_KIND[kind === 'id' ? 'enum' : kind];
}

const CUSTOM_PREFIX = 'custom_attributes.';

function kindOfDefinition(definition: CustomAttributeDefinition): ConditionKind {
  switch (definition.attribute_display_type) {
    case 'number':
    case 'currency':
    case 'percent':
      return 'number';
    case 'checkbox':
      return 'boolean';
    default:
      return 'text';
  }
}

/** The kind of a condition key; custom attributes take the type of their definition (conversation first, then contact). */
export function conditionKind(key: string, definitions: readonly CustomAttributeDefinition[]): ConditionKind | null {
  if (key.startsWith(CUSTOM_PREFIX)) {
    const name = key.slice(CUSTOM_PREFIX.length);
    const matching = definitions.filter((definition) => definition.attribute_key === name);
    const chosen =
      matching.find((definition) => definition.attribute_model === 'conversation_attribute') ?? matching[0];
    return chosen ? kindOfDefinition(chosen) : null;
  }
  return (KIND_OF_KEY as Record<string, ConditionKind>)[key] ?? null;
}

function valueFits(kind: ConditionKind, key: string, value: unknown): boolean {
  switch (kind) {
    case 'text':
    case 'labels':
      return typeof value === 'string';
    case 'enum':
      return typeof value === 'string' && ENUM_VALUES[key].includes(value);
    case 'id':
      return Number.isInteger(value) && (value as number) > 0;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
  }
}

function fault(message: string, attribute: string): DomainError {
  return new DomainError(AutomationRuleErrors.invalidConditions, message, [attribute]);
}

/**
 * The conditions, checked for the rule's event: known keys, operators allowed for the key's
 * type, values of that type, and `and`/`or` joining each condition to the next (lower-cased;
 * the last one's is dropped).
 */
export function checkConditions(
  eventName: AutomationEventName,
  conditions: readonly RuleCondition[],
  definitions: readonly CustomAttributeDefinition[],
): RuleCondition[] {
  if (conditions.length === 0) throw fault("Conditions can't be empty", 'conditions');
  return conditions.map((condition, index) => {
    const at = `conditions[${index}]`;
    const key = condition.attribute_key;
    const kind = conditionKind(key, definitions);
    if (kind === null) throw fault(`Condition ${index + 1}: unknown attribute ${key}`, `${at}.attribute_key`);
    if (MESSAGE_KEYS.has(key) && eventName !== 'message_created') {
      throw fault(`Condition ${index + 1}: ${key} applies to message_created only`, `${at}.attribute_key`);
    }
    if (!operatorsOf(kind).includes(condition.filter_operator)) {
      throw fault(
        `Condition ${index + 1}: ${condition.filter_operator} does not apply to ${key}`,
        `${at}.filter_operator`,
      );
    }
    const presence = condition.filter_operator === 'is_present' || condition.filter_operator === 'is_not_present';
    const values = condition.values ?? [];
    if (!presence && values.length === 0) throw fault(`Condition ${index + 1}: values can't be empty`, `${at}.values`);
    if (!presence && !values.every((value) => valueFits(kind, key, value))) {
      throw fault(`Condition ${index + 1}: values must be ${describeKind(kind, key)}`, `${at}.values`);
    }
    const last = index === conditions.length - 1;
    const joiner =
      typeof condition.query_operator === 'string' ? condition.query_operator.toLowerCase() : condition.query_operator;
    if (!last && joiner !== 'and' && joiner !== 'or')
      throw fault(`Condition ${index + 1}: query_operator must be and or or`, `${at}.query_operator`);
    return {
      attribute_key: key,
      filter_operator: condition.filter_operator,
      values: presence ? [] : values,
      query_operator: last ? null : (joiner as 'and' | 'or'),
    };
  });
}

function describeKind(kind: ConditionKind, key: string): string {
  switch (kind) {
    case 'enum':
      return `one of ${ENUM_VALUES[key].join(', ')}`;
    case 'id':
      return 'positive integer ids';
    case 'number':
      return 'numbers';
    case 'boolean':
      return 'booleans';
    default:
      return 'strings';
  }
}

/** The custom attribute keys the conditions name: only then does validation need the definitions. */
export function namesCustomAttributes(conditions: readonly RuleCondition[]): boolean {
  return conditions.some(
    (condition) => typeof condition.attribute_key === 'string' && condition.attribute_key.startsWith(CUSTOM_PREFIX),
  );
}
