import type { CustomFilter } from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';
import type { CustomFilterRow } from './persistence/custom-filter.row';

export function toCustomFilter(row: CustomFilterRow): CustomFilter {
  return {
    id: row.id,
    name: row.name,
    filter_type: row.filter_type,
    query: { payload: row.query.payload },
    created_at: toUnixSeconds(row.created_at),
    updated_at: toUnixSeconds(row.updated_at),
  };
}
