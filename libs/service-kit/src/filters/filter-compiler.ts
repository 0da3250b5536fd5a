import { CommonErrors, FILTER_OPERATORS, type FilterCondition, type FilterOperator } from '@parley/contracts';
import { DomainError } from '../rpc/domain-error';

export type FieldKind = 'text' | 'number' | 'date' | 'enum' | 'labels' | 'boolean';

export interface FilterField {
  /** A trusted SQL expression for the field (never client input). */
  sql: string;
  kind: FieldKind;
  /** Allowed values of an enum field. */
  values?: readonly string[];
}

/** How attribute keys map to fields; `resolve` handles dynamic keys such as `custom_attributes.<key>`. */
export interface FilterSchema {
  fields: Record<string, FilterField>;
  resolve?: (key: string) => FilterField | undefined;
}

/** The operators each kind of field takes (conversation and contact filters, automation rule conditions). */
export const OPERATORS_BY_KIND: Record<FieldKind, readonly FilterOperator[]> = {
  text: [
    'equal_to',
    'not_equal_to',
    'contains',
    'does_not_contain',
    'starts_with',
    'ends_with',
    'is_present',
    'is_not_present',
  ],
  number: ['equal_to', 'not_equal_to', 'greater_than', 'less_than', 'is_present', 'is_not_present'],
  date: [
    'equal_to',
    'not_equal_to',
    'greater_than',
    'less_than',
    'is_greater_than',
    'is_less_than',
    'is_present',
    'is_not_present',
  ],
  enum: ['equal_to', 'not_equal_to', 'is_present', 'is_not_present'],
  labels: ['equal_to', 'not_equal_to', 'contains', 'does_not_contain', 'is_present', 'is_not_present'],
  boolean: ['equal_to', 'not_equal_to', 'is_present', 'is_not_present'],
};

const MAX_CONDITIONS = 50;

function fail(message: string): never {
  throw new DomainError(CommonErrors.invalidFilter, message, ['payload']);
}

/** Compiles conditions into SQL, appending their values to `params` (placeholders `$n`). */
export class FilterCompiler {
  constructor(private readonly schema: FilterSchema) {}

  compile(conditions: FilterCondition[], params: unknown[]): string {
    if (!Array.isArray(conditions) || conditions.length === 0)
      fail('payload must contain at least one filter condition');
    if (conditions.length > MAX_CONDITIONS) fail(`payload may contain at most ${MAX_CONDITIONS} conditions`);
    // AND binds tighter than OR: split at every OR into groups of AND-ed conditions.
    const groups: string[][] = [[]];
    conditions.forEach((condition, index) => {
      groups[groups.length - 1].push(this.condition(condition, index, params));
      const joiner = index < conditions.length - 1 ? (condition.query_operator ?? 'and') : null;
      if (joiner !== null && joiner !== 'and' && joiner !== 'or')
        fail(`payload[${index}].query_operator must be "and" or "or"`);
      if (joiner === 'or') groups.push([]);
    });
    return `(${groups.map((group) => `(${group.join(' AND ')})`).join(' OR ')})`;
  }

  private condition(condition: FilterCondition, index: number, params: unknown[]): string {
    const at = `payload[${index}]`;
    if (!condition || typeof condition !== 'object') fail(`${at} must be a filter object`);
    const key = condition.attribute_key;
    const field = typeof key === 'string' ? (this.schema.fields[key] ?? this.schema.resolve?.(key)) : undefined;
    if (!field) fail(`${at}.attribute_key "${String(key)}" is not a filterable attribute`);
    const operator = condition.filter_operator;
    if (!FILTER_OPERATORS.includes(operator))
      fail(`${at}.filter_operator "${String(operator)}" is not a known operator`);
    if (!OPERATORS_BY_KIND[field.kind].includes(operator))
      fail(`${at}.filter_operator "${operator}" cannot be used with ${key}`);
    if (operator === 'is_present' || operator === 'is_not_present') return presence(field, operator === 'is_present');

    const values = Array.isArray(condition.values)
      ? condition.values
      : condition.values === undefined
        ? []
        : [condition.values];
    if (values.length === 0) fail(`${at}.values must not be empty for ${operator}`);
    const typed = values.map((value) => this.value(field, value, `${at}.values`, key));
    const bind = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const negate = operator === 'not_equal_to' || operator === 'does_not_contain';
    switch (field.kind) {
      case 'labels': {
        const overlap = `${field.sql} && ${bind(typed)}::text[]`;
        return negate ? `NOT (${overlap})` : overlap;
      }
      case 'text': {
        if (operator === 'equal_to' || operator === 'not_equal_to') {
          const match = `lower(${field.sql}) = ANY(${bind(typed.map((v) => String(v).toLowerCase()))}::text[])`;
          return negate ? `(${field.sql} IS NULL OR NOT ${match})` : match;
        }
        const pattern = (v: unknown) => {
          const escaped = String(v).replace(/[\\%_]/g, (char) => `\\${char}`);
          if (operator === 'starts_with') return `${escaped}%`;
          if (operator === 'ends_with') return `%${escaped}`;
          return `%${escaped}%`;
        };
        const like = `${field.sql} ILIKE ANY(${bind(typed.map(pattern))}::text[])`;
        return negate ? `(${field.sql} IS NULL OR NOT ${like})` : like;
      }
      case 'date':
        return comparison(field.sql, operator, typed[0], bind, 'timestamptz', true);
      case 'number':
        if (operator === 'equal_to' || operator === 'not_equal_to')
          return membership(field.sql, typed, negate, bind, 'numeric');
        return comparison(field.sql, operator, typed[0], bind, 'numeric', false);
      case 'enum':
        return membership(field.sql, typed, negate, bind, 'text');
      case 'boolean': {
        const match = `${field.sql} = ${bind(typed[0])}::boolean`;
        return negate ? `(${field.sql} IS NULL OR NOT ${match})` : match;
      }
    }
  }

  private value(field: FilterField, value: unknown, at: string, key: string): unknown {
    switch (field.kind) {
      case 'number': {
        const number =
          typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
        if (!Number.isFinite(number)) fail(`${at}: ${JSON.stringify(value)} is not a number (${key})`);
        return number;
      }
      case 'date': {
        const date = parseDate(value);
        if (!date) fail(`${at}: ${JSON.stringify(value)} is not a date (ISO 8601 or Unix seconds) (${key})`);
        return date.toISOString();
      }
      case 'enum':
        if (typeof value !== 'string' || !field.values?.includes(value)) {
          fail(`${at}: ${JSON.stringify(value)} is not one of ${field.values?.join(', ')} (${key})`);
        }
        return value;
      case 'boolean':
        if (value === true || value === 'true') return true;
        if (value === false || value === 'false') return false;
        return fail(`${at}: ${JSON.stringify(value)} is not true or false (${key})`);
      default:
        if (typeof value !== 'string' && typeof value !== 'number')
          fail(`${at}: ${JSON.stringify(value)} is not text (${key})`);
        return String(value);
    }
  }
}

function presence(field: FilterField, present: boolean): string {
  if (field.kind === 'labels') return present ? `cardinality(${field.sql}) > 0` : `cardinality(${field.sql}) = 0`;
  if (field.kind === 'text') return present ? `coalesce(${field.sql}, '') <> ''` : `coalesce(${field.sql}, '') = ''`;
  return present ? `${field.sql} IS NOT NULL` : `${field.sql} IS NULL`;
}

function membership(
  sql: string,
  values: unknown[],
  negate: boolean,
  bind: (value: unknown) => string,
  type: string,
): string {
  const match = `${sql} = ANY(${bind(values)}::${type}[])`;
  return negate ? `(${sql} IS NULL OR NOT ${match})` : match;
}

function comparison(
  sql: string,
  operator: FilterOperator,
  value: unknown,
  bind: (value: unknown) => string,
  type: string,
  byDay: boolean,
): string {
  if (operator === 'greater_than' || operator === 'is_greater_than') return `${sql} > ${bind(value)}::${type}`;
  if (operator === 'less_than' || operator === 'is_less_than') return `${sql} < ${bind(value)}::${type}`;
  // Dates are equal when they fall on the same (UTC) day.
  const left = byDay ? `(${sql} AT TIME ZONE 'UTC')::date` : sql;
  const right = byDay ? `(${bind(value)}::timestamptz AT TIME ZONE 'UTC')::date` : `${bind(value)}::${type}`;
  return operator === 'not_equal_to' ? `(${sql} IS NULL OR ${left} <> ${right})` : `${left} = ${right}`;
}

/** ISO 8601 text, or Unix seconds as a number or numeric text. */
export function parseDate(value: unknown): Date | null {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{9,11}$/.test(value))) {
    const date = new Date(Number(value) * 1000);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** A numeric view of a JSON text value: null (not an error) when the text is not a number. */
export function numericJsonText(expression: string, schema: string): string {
  return `"${schema}".try_numeric(${expression})`;
}

/** A timestamp view of a JSON text value: null when the text is not a date. */
export function dateJsonText(expression: string, schema: string): string {
  return `"${schema}".try_timestamptz(${expression})`;
}
