import { HEX_COLOR_PATTERN } from '@parley/contracts';
import { normaliseLabelTitle, ValidationFailedError } from '@parley/service-kit';

/** Titles follow the shared label rules (lower-case; letters, digits, `-`, `_`). */
export const normaliseTitle = (raw: string): string => normaliseLabelTitle(raw);

export function normaliseColor(raw: string): string {
  const color = raw.trim();
  if (!HEX_COLOR_PATTERN.test(color)) throw new ValidationFailedError('Color must be a hex color such as #1f93ff', ['color']);
  return color.toLowerCase();
}
