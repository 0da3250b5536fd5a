import type { ChangedAttributes } from '@parley/contracts';
import { isDeepStrictEqual } from 'node:util';

/** Lists the fields whose value differs between two snapshots of a resource. */
export function changedAttributes<T extends object>(
  before: T,
  after: T,
  fields: Array<keyof T & string>,
): ChangedAttributes {
  const changes: ChangedAttributes = [];
  for (const field of fields) {
    if (!isDeepStrictEqual(before[field], after[field])) {
      changes.push({ [field]: { previous_value: before[field], current_value: after[field] } });
    }
  }
  return changes;
}
