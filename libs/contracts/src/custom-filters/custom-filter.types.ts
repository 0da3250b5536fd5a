import type { FilterCondition } from '../conversations/conversation.types';

/** `conversation` and `report` queries are conversation filters; `contact` queries are contact filters. */
export const CUSTOM_FILTER_TYPES = ['conversation', 'contact', 'report'] as const;
export type CustomFilterType = (typeof CUSTOM_FILTER_TYPES)[number];

/** What the matching `POST …/filter` endpoint takes. */
export interface CustomFilterQuery {
  payload: FilterCondition[];
}

/** A filter a user saved for themselves in one account. */
export interface CustomFilter {
  id: number;
  name: string;
  filter_type: CustomFilterType;
  query: CustomFilterQuery;
  created_at: number;
  updated_at: number;
}

export interface CreateCustomFilterInput {
  name: string;
  filter_type: CustomFilterType;
  query: CustomFilterQuery;
}

export type UpdateCustomFilterInput = Partial<CreateCustomFilterInput>;

/** Saved filters per user and account (the reference's limit). */
export const MAX_CUSTOM_FILTERS_PER_USER = 50;
