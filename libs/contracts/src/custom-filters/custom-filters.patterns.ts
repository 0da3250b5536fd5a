import type { AccountScoped, ById } from '../rpc/caller';
import type {
  CreateCustomFilterInput,
  CustomFilter,
  CustomFilterType,
  UpdateCustomFilterInput,
} from './custom-filter.types';

/** Each caller reaches only the filters they saved, whatever their role. */
export const CustomFilterPatterns = {
  list: 'messaging.custom_filters.list',
  show: 'messaging.custom_filters.show',
  create: 'messaging.custom_filters.create',
  update: 'messaging.custom_filters.update',
  delete: 'messaging.custom_filters.delete',
} as const;

export interface CustomFiltersRpc {
  [CustomFilterPatterns.list]: { request: AccountScoped & { filter_type: CustomFilterType }; response: CustomFilter[] };
  [CustomFilterPatterns.show]: { request: ById; response: CustomFilter };
  [CustomFilterPatterns.create]: { request: AccountScoped & { data: CreateCustomFilterInput }; response: CustomFilter };
  [CustomFilterPatterns.update]: { request: ById & { data: UpdateCustomFilterInput }; response: CustomFilter };
  [CustomFilterPatterns.delete]: { request: ById; response: null };
}
