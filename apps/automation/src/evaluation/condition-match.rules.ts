import type { ConversationSnapshot, Message, RuleCondition } from '@parley/contracts';

/** What conditions are tested against: the conversation as it is now, the event's message if any, the contact's attributes when a condition needs them. */
export interface Facts {
  conversation: ConversationSnapshot;
  message: Pick<Message, 'content' | 'message_type'> | null;
  contactAttributes?: Record<string, unknown> | null;
}

const ADDITIONAL_KEYS = new Set(['country_code', 'browser_language', 'referer']);
const CUSTOM_PREFIX = 'custom_attributes.';

/** Custom attribute keys the conditions test that the conversation does not have: the contact's may. */
export function needsContactAttributes(
  conditions: readonly RuleCondition[],
  conversation: ConversationSnapshot,
): boolean {
  return conditions.some(
    (condition) =>
      condition.attribute_key.startsWith(CUSTOM_PREFIX) &&
      !(condition.attribute_key.slice(CUSTOM_PREFIX.length) in (conversation.custom_attributes ?? {})),
  );
}

function valueOf(key: string, { conversation, message, contactAttributes }: Facts): unknown {
  if (key === 'content') return message?.content ?? null;
  if (key === 'message_type') return message?.message_type ?? null;
  if (ADDITIONAL_KEYS.has(key)) return conversation.additional_attributes?.[key] ?? null;
  if (key.startsWith(CUSTOM_PREFIX)) {
    // The conversation's attribute first, as validation types a key defined for both.
    const name = key.slice(CUSTOM_PREFIX.length);
    return conversation.custom_attributes?.[name] ?? contactAttributes?.[name] ?? null;
  }
  return (conversation as unknown as Record<string, unknown>)[key] ?? null;
}

const folded = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

function present(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string' || Array.isArray(value)) return value.length > 0;
  return true;
}

/** One condition; text compares case-insensitively, and a list (labels) equals a value when it holds it. */
function holds(condition: RuleCondition, facts: Facts): boolean {
  const actual = valueOf(condition.attribute_key, facts);
  const values = condition.values.map(folded);
  const items = Array.isArray(actual) ? actual.map(folded) : null;
  const text = typeof actual === 'string' ? actual.toLowerCase() : null;
  switch (condition.filter_operator) {
    case 'equal_to':
      return items ? values.some((value) => items.includes(value)) : values.includes(folded(actual));
    case 'not_equal_to':
      return items ? !values.some((value) => items.includes(value)) : !values.includes(folded(actual));
    case 'contains':
      return items
        ? values.some((value) => items.includes(value))
        : text !== null && values.some((value) => text.includes(String(value)));
    case 'does_not_contain':
      return items
        ? !values.some((value) => items.includes(value))
        : text === null || !values.some((value) => text.includes(String(value)));
    case 'starts_with':
      return text !== null && values.some((value) => text.startsWith(String(value)));
    case 'ends_with':
      return text !== null && values.some((value) => text.endsWith(String(value)));
    case 'greater_than':
      return typeof actual === 'number' && actual > Number(values[0]);
    case 'less_than':
      return typeof actual === 'number' && actual < Number(values[0]);
    case 'is_present':
      return present(actual);
    case 'is_not_present':
      return !present(actual);
    default:
      return false;
  }
}

/**
 * The conditions, left to right, each joined to the next by its `query_operator`, with AND binding
 * tighter than OR: `A or B and C` is `A or (B and C)`.
 */
export function conditionsMatch(conditions: readonly RuleCondition[], facts: Facts): boolean {
  let group = true;
  for (const [index, condition] of conditions.entries()) {
    group = group && holds(condition, facts);
    const last = index === conditions.length - 1;
    if (last || condition.query_operator === 'or') {
      if (group) return true;
      group = true;
    }
  }
  return false;
}
