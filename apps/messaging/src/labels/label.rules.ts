import { HEX_COLOR_PATTERN, LabelErrors } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import { normaliseLabelTitle } from '@parley/service-kit';

/** Titles follow the shared label rules (lower-case; letters, digits, `-`, `_`). */
export const normaliseTitle = (raw: string): string => normaliseLabelTitle(raw);

export function normaliseColor(raw: string): string {
  const color = raw.trim();
  if (!HEX_COLOR_PATTERN.test(color)) throw new DomainError(LabelErrors.colorInvalid, 'Color must be a hex color such as #1f93ff', ['color']);
  return color.toLowerCase();
}
