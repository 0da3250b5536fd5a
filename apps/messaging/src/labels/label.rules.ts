import { HEX_COLOR_PATTERN, LabelErrors } from '@parley/contracts';
import { checkLabelTitle } from '@parley/domain-rules';
import { DomainError } from '@parley/service-kit';

/** Titles follow the shared label rules (lower-case; letters, digits, `-`, `_`). */
export function normaliseTitle(raw: string): string {
  const checked = checkLabelTitle(raw);
  if ('problem' in checked) throw new DomainError(LabelErrors.titleInvalid, checked.problem, ['title']);
  return checked.value;
}

export function normaliseColor(raw: string): string {
  const color = raw.trim();
  if (!HEX_COLOR_PATTERN.test(color))
    throw new DomainError(LabelErrors.colorInvalid, 'Color must be a hex color such as #1f93ff', ['color']);
  return color.toLowerCase();
}
