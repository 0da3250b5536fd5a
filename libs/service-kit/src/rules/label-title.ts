import { LABEL_TITLE_MAX_LENGTH, LABEL_TITLE_PATTERN } from '@parley/contracts';
import { ValidationFailedError } from '../rpc/domain-error';

/** Titles are compared and stored lower-case, so `Billing` and `billing` are one label. */
export function normaliseLabelTitle(raw: string, field = 'title'): string {
  const title = raw.trim().toLowerCase();
  if (!title) throw new ValidationFailedError("Title can't be blank", [field]);
  if (title.length > LABEL_TITLE_MAX_LENGTH) {
    throw new ValidationFailedError(`Title is too long (maximum is ${LABEL_TITLE_MAX_LENGTH} characters)`, [field]);
  }
  if (!LABEL_TITLE_PATTERN.test(title)) {
    throw new ValidationFailedError('Title may contain only letters, numbers, hyphens and underscores (no spaces)', [field]);
  }
  return title;
}

/** A set of labels as stored on a record: normalised, without repeats, sorted. */
export function normaliseLabelSet(labels: string[], field = 'labels'): string[] {
  return [...new Set(labels.map((label) => normaliseLabelTitle(label, field)))].sort();
}
