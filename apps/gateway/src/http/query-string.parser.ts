import { parse } from 'node:querystring';

/**
 * Parses a query string the way clients of this API write arrays: `labels[]=a&labels[]=b`
 * and `labels=a&labels=b` both give `labels: ["a", "b"]`.
 */
export function parseQueryString(raw: string): Record<string, string | string[]> {
  const parsed = parse(raw) as Record<string, string | string[]>;
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(parsed)) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    const existing = result[name];
    if (existing === undefined) result[name] = key.endsWith('[]') && !Array.isArray(value) ? [value] : value;
    else result[name] = [...(Array.isArray(existing) ? existing : [existing]), ...(Array.isArray(value) ? value : [value])];
  }
  return result;
}
