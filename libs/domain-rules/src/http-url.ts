import type { Checked } from './checked';

/** A trimmed http(s) URL, null for a blank one (it clears the field); `label` names the field in the problem. */
export function checkHttpUrl(value: string | null | undefined, label: string): Checked<string | null> {
  const trimmed = value?.trim();
  if (!trimmed) return { value: null };
  try {
    const url = new URL(trimmed);
    if (url.protocol === 'http:' || url.protocol === 'https:') return { value: trimmed };
  } catch {
    // not a URL at all: refused below
  }
  return { problem: `${label} must be an http(s) URL` };
}
