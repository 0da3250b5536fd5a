import { HEX_COLOR_PATTERN, LABEL_TITLE_MAX_LENGTH, LABEL_TITLE_PATTERN } from '@parley/contracts';
import { ValidationFailedError } from '@parley/service-kit';

/** Titles are compared and stored lower-case, so `Billing` and `billing` are one label. */
export function normaliseTitle(raw: string): string {
  const title = raw.trim().toLowerCase();
  if (!title) throw new ValidationFailedError("Title can't be blank", ['title']);
  if (title.length > LABEL_TITLE_MAX_LENGTH) {
    throw new ValidationFailedError(`Title is too long (maximum is ${LABEL_TITLE_MAX_LENGTH} characters)`, ['title']);
  }
  if (!LABEL_TITLE_PATTERN.test(title)) {
    throw new ValidationFailedError('Title may contain only letters, numbers, hyphens and underscores (no spaces)', ['title']);
  }
  return title;
}

export function normaliseColor(raw: string): string {
  const color = raw.trim();
  if (!HEX_COLOR_PATTERN.test(color)) throw new ValidationFailedError('Color must be a hex color such as #1f93ff', ['color']);
  return color.toLowerCase();
}
