/**
 * Where a rebuild split the history (Unix seconds): what happened before `before` came from
 * messaging's history, the rest from the events stream; `read_at`: when the history was read.
 */
export interface HistoryBoundary {
  before: number;
  read_at: number;
}

/**
 * The split for a stream whose oldest event was published at `firstPublished` (null: empty),
 * read `now`: every event from the split on is still in the stream (an event is published
 * after it happens), so the history answers everything before it.
 */
export function splitAt(firstPublished: Date | null, now: Date): HistoryBoundary {
  const readAt = Math.ceil(now.getTime() / 1000);
  const before = firstPublished === null ? readAt : Math.min(readAt, Math.ceil(firstPublished.getTime() / 1000));
  return { before, read_at: readAt };
}
