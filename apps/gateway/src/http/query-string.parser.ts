import { parse } from 'node:querystring';

/** A blank value (`id=`, `inbox_id=%20`) means "not given" (decisions: tolerant input). */
const isBlank = (value: string) => value.trim() === '';

/**
 * Parses a query string the way clients of this API write it: `labels[]=a&labels[]=b` and
 * `labels=a&labels=b` both give `labels: ["a", "b"]`; blank values are left out, so every
 * route (and the report routes' unknown-parameter check) reads them as absent.
 */
export function parseQueryString(raw: string): Record<string, string | string[]> {
  const parsed = parse(raw) as Record<string, string | string[]>;
  const result: Record<string, string | string[]> = {};
  for (const [key, given] of Object.entries(parsed)) {
    const value = Array.isArray(given) ? given.filter((item) => !isBlank(item)) : given;
    if (Array.isArray(value) ? value.length === 0 : isBlank(value)) continue;
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    const existing = result[name];
    if (existing === undefined) result[name] = key.endsWith('[]') && !Array.isArray(value) ? [value] : value;
    else
      result[name] = [
        ...(Array.isArray(existing) ? existing : [existing]),
        ...(Array.isArray(value) ? value : [value]),
      ];
  }
  return result;
}
