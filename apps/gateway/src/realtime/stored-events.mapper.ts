import type { RealtimeFrame, RealtimeFrameBatch } from '@parley/contracts';
import type { RealtimeEvent } from '@parley/realtime';
import { JSONCodec } from 'nats';

const codec = JSONCodec<RealtimeFrame | RealtimeFrameBatch>();

/** A `/cable` event of the realtime stream, the streams that receive it and where it is stored. */
export interface StoredEvent {
  streams: string[];
  event: RealtimeEvent;
  sequence: number;
  /** Its place in a batch message; null for a message of one frame. */
  index: number | null;
}

/** Where a `resume` picks up: after the frame `sequence` (or, in a batch, its frame `afterIndex`). */
export interface ResumePoint {
  sequence: number;
  afterIndex: number | null;
}

/**
 * The events one message of the realtime stream holds. A frame's `event_id` is the message's
 * stream sequence; the frames of a batch are `<sequence>-<index>`, so each is resumed from on its own.
 */
export function storedEventsOf(data: Uint8Array, sequence: number): StoredEvent[] {
  const message = codec.decode(data);
  if ('frames' in message) return message.frames.map((frame, index) => storedEvent(frame, sequence, index));
  return [storedEvent(message, sequence, null)];
}

function storedEvent(frame: RealtimeFrame, sequence: number, index: number | null): StoredEvent {
  const eventId = index === null ? String(sequence) : `${sequence}-${index}`;
  return {
    streams: frame.streams,
    event: { event: frame.event, data: frame.data, event_id: eventId },
    sequence,
    index,
  };
}

/**
 * Where a `resume` from `since` picks up: after the frame `<sequence>` or `<sequence>-<index>`
 * (a batch's); `.<n>` (a frame not stored, e.g. presence.update, that followed it) changes
 * nothing. Null when `since` is none of these.
 */
export function resumePointOf(since: string): ResumePoint | null {
  const parts = /^(\d{1,15})(?:-(\d{1,6}))?(?:\.\d{1,15})?$/.exec(since);
  if (!parts) return null;
  const sequence = Number(parts[1]);
  if (!Number.isSafeInteger(sequence)) return null;
  return { sequence, afterIndex: parts[2] === undefined ? null : Number(parts[2]) };
}

/** Whether a stored event comes after the resume point (events of the point's own batch message are checked by index). */
export function isAfter({ sequence, index }: StoredEvent, point: ResumePoint): boolean {
  if (sequence !== point.sequence) return sequence > point.sequence;
  return point.afterIndex !== null && index !== null && index > point.afterIndex;
}
