import type { RealtimeFrame, RealtimeFrameBatch } from '@parley/contracts';
import type { RealtimeEvent } from '@parley/realtime';
import { JSONCodec } from 'nats';

const codec = JSONCodec<RealtimeFrame | RealtimeFrameBatch>();

/** A `/cable` event of the realtime stream and the streams that receive it. */
export interface StoredEvent {
  streams: string[];
  event: RealtimeEvent;
}

/**
 * The events one message of the realtime stream holds. A frame's `event_id` is the message's
 * stream sequence; the frames of a batch are `<sequence>-<index>`, so each is resumed from on its own.
 */
export function storedEventsOf(data: Uint8Array, sequence: number): StoredEvent[] {
  const message = codec.decode(data);
  if ('frames' in message) return message.frames.map((frame, index) => storedEvent(frame, `${sequence}-${index}`));
  return [storedEvent(message, String(sequence))];
}

function storedEvent(frame: RealtimeFrame, eventId: string): StoredEvent {
  return { streams: frame.streams, event: { event: frame.event, data: frame.data, event_id: eventId } };
}

/**
 * Where a `resume` from `since` picks up: after the frame `<sequence>` or `<sequence>-<index>`
 * (a batch's); `.<n>` (a frame not stored, e.g. presence.update, that followed it) changes
 * nothing. Null when `since` is none of these.
 */
export function resumePointOf(since: string): { sequence: number; afterIndex: number | null } | null {
  const parts = /^(\d{1,15})(?:-(\d{1,6}))?(?:\.\d{1,15})?$/.exec(since);
  if (!parts) return null;
  const sequence = Number(parts[1]);
  if (!Number.isSafeInteger(sequence)) return null;
  return { sequence, afterIndex: parts[2] === undefined ? null : Number(parts[2]) };
}

/** Whether a stored event comes after the resume point (events of the point's own batch message are checked by index). */
export function isAfter(eventId: string, point: { sequence: number; afterIndex: number | null }): boolean {
  const [sequence, index] = eventId.split('-').map(Number);
  if (sequence !== point.sequence) return sequence > point.sequence;
  return point.afterIndex !== null && index !== undefined && index > point.afterIndex;
}
