import type { CustomFilterQuery, CustomFilterType } from '@parley/contracts';

/** @owns messaging.custom_filters */

/** A `custom_filters` row: one user's saved filter in one account. */
export interface CustomFilterRow {
  id: number;
  account_id: number;
  user_id: number;
  name: string;
  filter_type: CustomFilterType;
  query: CustomFilterQuery;
  created_at: Date;
  updated_at: Date;
}

export const CUSTOM_FILTER_COLUMNS = 'id, account_id, user_id, name, filter_type, query, created_at, updated_at';
