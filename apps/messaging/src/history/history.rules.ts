import { HISTORY_PAGE_MAX, type ConversationStatus, type HistoryStatusChange } from '@parley/contracts';

const DEFAULT_PAGE = 50;

/** Conversations per page: the asked number within 1…HISTORY_PAGE_MAX, 50 when not given or not a number. */
export function pageSize(limit: unknown): number {
  const asked = Number(limit);
  if (!Number.isFinite(asked)) return DEFAULT_PAGE;
  return Math.min(HISTORY_PAGE_MAX, Math.max(1, Math.floor(asked)));
}

/**
 * A conversation's status changes before `before`. Recorded ones stand as they are. A
 * resolved conversation with none recorded predates the record: one change open → resolved at
 * its last activity stands for them (if that was before `before`). Other statuses without a
 * record give none (only a resolve is counted from such a change).
 */
export function statusChanges(
  recorded: Array<{ from: ConversationStatus; to: ConversationStatus; at: number }>,
  conversation: { status: ConversationStatus; last_activity_at: number },
  hasAnyRecord: boolean,
  before: number,
): HistoryStatusChange[] {
  if (hasAnyRecord)
    return recorded.filter((change) => change.at < before).map((change) => ({ ...change, approximated: false }));
  if (conversation.status !== 'resolved' || conversation.last_activity_at >= before) return [];
  return [{ from: 'open', to: conversation.status, at: conversation.last_activity_at, approximated: true }];
}
