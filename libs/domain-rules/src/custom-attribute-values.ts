import type { CustomAttributeDefinition } from '@parley/contracts';

export type AttributeRule = Pick<
  CustomAttributeDefinition,
  | 'attribute_key'
  | 'attribute_display_name'
  | 'attribute_display_type'
  | 'attribute_values'
  | 'regex_pattern'
  | 'regex_cue'
>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/**
 * Why `value` does not fit the definition, or null when it does. `null` always fits (it
 * clears the attribute).
 */
export function attributeValueProblem(rule: AttributeRule, value: unknown): string | null {
  if (value === null) return null;
  const name = rule.attribute_display_name;
  switch (rule.attribute_display_type) {
    case 'text': {
      if (typeof value !== 'string') return `${name} must be text`;
      if (rule.regex_pattern && !safeRegex(rule.regex_pattern)?.test(value))
        return rule.regex_cue || `${name} is invalid`;
      return null;
    }
    case 'number':
    case 'currency':
      return asNumber(value) === null ? `${name} must be a number` : null;
    case 'percent': {
      const number = asNumber(value);
      return number === null || number < 0 || number > 100 ? `${name} must be a percentage from 0 to 100` : null;
    }
    case 'link': {
      if (typeof value !== 'string') return `${name} must be a link`;
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:' ? null : `${name} must be an http(s) link`;
      } catch {
        return `${name} must be a link`;
      }
    }
    case 'date':
      return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))
        ? null
        : `${name} must be an ISO 8601 date`;
    case 'list':
      return typeof value === 'string' && rule.attribute_values.includes(value)
        ? null
        : `${name} must be one of: ${rule.attribute_values.join(', ')}`;
    case 'checkbox':
      return typeof value === 'boolean' ? null : `${name} must be true or false`;
    default:
      return null;
  }
}

/**
 * Checks each attribute that has a definition; keys without one are free-form, as clients of
 * this API expect. Returns `{key: problem}` for the values that do not fit.
 */
export function customAttributeProblems(
  rules: AttributeRule[],
  attributes: Record<string, unknown>,
): Record<string, string> {
  const byKey = new Map(rules.map((rule) => [rule.attribute_key, rule]));
  const problems: Record<string, string> = {};
  for (const [key, value] of Object.entries(attributes)) {
    const rule = byKey.get(key);
    const problem = rule ? attributeValueProblem(rule, value) : null;
    if (problem) problems[key] = problem;
  }
  return problems;
}

/** A compiled pattern, or null when it does not compile. */
export function safeRegex(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return null;
  }
}
