import type { FilterField } from './filter-compiler';
import { dateJsonText, numericJsonText } from './filter-compiler';

const ATTRIBUTE_KEY = /^custom_attributes\.([a-z0-9_]+)$/;

/** The attribute keys that filter conditions name as `custom_attributes.<key>` (anything malformed is left to the compiler). */
export function customAttributeKeysOf(conditions: unknown): string[] {
  if (!Array.isArray(conditions)) return [];
  return conditions.flatMap(
    (condition: { attribute_key?: unknown } | null) => ATTRIBUTE_KEY.exec(String(condition?.attribute_key))?.[1] ?? [],
  );
}

/**
 * The filter field for `custom_attributes.<key>`: compared as the definition's type says
 * (number, date, checkbox), as text otherwise or without a definition.
 */
export function customAttributeField(
  key: string,
  column: string,
  schema: string,
  typeOf: (attributeKey: string) => string | undefined,
): FilterField | undefined {
  const match = ATTRIBUTE_KEY.exec(key);
  if (!match) return undefined;
  const text = `(${column} ->> '${match[1]}')`;
  const type = typeOf(match[1]);
  if (type === 'number' || type === 'currency' || type === 'percent')
    return { sql: numericJsonText(text, schema), kind: 'number' };
  if (type === 'date') return { sql: dateJsonText(text, schema), kind: 'date' };
  if (type === 'checkbox') {
    const json = `(${column} -> '${match[1]}')`;
    return { sql: `(CASE jsonb_typeof(${json}) WHEN 'boolean' THEN ${json}::boolean END)`, kind: 'boolean' };
  }
  return { sql: text, kind: 'text' };
}
