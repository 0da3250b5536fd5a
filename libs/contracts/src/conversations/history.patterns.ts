import type { HistoryPage, HistoryQuery } from './history.types';

/** Messaging's history in pages, for a model rebuilt from what the owner still holds. */
export const HistoryPatterns = {
  page: 'messaging.history.page',
} as const;

export interface HistoryRpc {
  [HistoryPatterns.page]: { request: HistoryQuery; response: HistoryPage };
}
