import type { ConversationSnapshot, Message } from '@parley/contracts';
import type { HistoryBoundary } from '../model-state/history-boundary.rules';

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * Whether an event's facts are in the model through the history already (the stream may
 * still hold events from before the split): conversations created, messages written and status
 * changes before `before`. A conversation the history brought in entered the scopes of its
 * state when read (assignee, team, labels) at its creation, so its scope changes older than
 * the read count no more.
 */
export const covered = {
  created: (boundary: HistoryBoundary | null, conversation: ConversationSnapshot) =>
    boundary !== null && conversation.created_at < boundary.before,
  message: (boundary: HistoryBoundary | null, message: Pick<Message, 'created_at'>) =>
    boundary !== null && message.created_at < boundary.before,
  statusChange: (boundary: HistoryBoundary | null, occurredAt: string) =>
    boundary !== null && seconds(occurredAt) < boundary.before,
  scopeChange: (boundary: HistoryBoundary | null, conversation: ConversationSnapshot, occurredAt: string) =>
    boundary !== null && conversation.created_at < boundary.before && seconds(occurredAt) < boundary.read_at,
};
