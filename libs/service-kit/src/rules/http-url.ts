import { ValidationFailedError } from '../rpc/domain-error';

/** A trimmed http(s) URL, null for a blank one; anything else is a 422 on `field`. */
export function httpUrlOrNull(value: string | null | undefined, field: string, label: string): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed);
    if (url.protocol === 'http:' || url.protocol === 'https:') return trimmed;
  } catch {
    // not a URL at all: refused below
  }
  throw new ValidationFailedError(`${label} must be an http(s) URL`, [field]);
}
