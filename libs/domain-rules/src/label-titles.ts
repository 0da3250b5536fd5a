import { LABEL_TITLE_MAX_LENGTH, LABEL_TITLE_PATTERN } from '@parley/contracts';
import type { Checked } from './checked';

/** Titles are compared and stored lower-case, so `Billing` and `billing` are one label. */
export function checkLabelTitle(raw: string): Checked<string> {
  const title = raw.trim().toLowerCase();
  if (!title) return { problem: "Title can't be blank" };
  if (title.length > LABEL_TITLE_MAX_LENGTH)
    return { problem: `Title is too long (maximum is ${LABEL_TITLE_MAX_LENGTH} characters)` };
  if (!LABEL_TITLE_PATTERN.test(title))
    return { problem: 'Title may contain only letters, numbers, hyphens and underscores (no spaces)' };
  return { value: title };
}

/** A set of labels as stored on a record (messaging's conversations, contacts): normalised, without repeats, sorted. */
export function checkLabelSet(labels: string[]): Checked<string[]> {
  const titles = new Set<string>();
  for (const label of labels) {
    const checked = checkLabelTitle(label);
    if ('problem' in checked) return checked;
    titles.add(checked.value);
  }
  return { value: [...titles].sort() };
}
