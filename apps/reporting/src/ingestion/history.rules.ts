import type { HistoryMessage, HistoryStatusChange } from '@parley/contracts';

export type HistoryStep =
  { message: HistoryMessage; change?: never } | { change: HistoryStatusChange; message?: never };

/** A conversation's messages and status changes in time order (in one second: messages first, each kind in its own order). */
export function timeline(messages: HistoryMessage[], changes: HistoryStatusChange[]): HistoryStep[] {
  const steps: Array<HistoryStep & { at: number; rank: number; index: number }> = [
    ...messages.map((message, index) => ({ message, at: message.created_at, rank: 0, index })),
    ...changes.map((change, index) => ({ change, at: change.at, rank: 1, index })),
  ];
  steps.sort((a, b) => a.at - b.at || a.rank - b.rank || a.index - b.index);
  return steps.map(({ message, change }) => (message ? { message } : { change: change! }));
}
