/**
 * One realtime event as the service that knows its recipients publishes it: the `/cable`
 * streams (pubsub tokens, `account_<id>`) that receive it and the frame's `{event, data}`.
 * The gateway fans it out; its JetStream sequence is the frame's `event_id`.
 */
export interface RealtimeFrame {
  streams: string[];
  event: string;
  data: Record<string, unknown>;
}

/**
 * Frames published as one message of the realtime stream (an import's contacts, a hundred to an
 * event; a message's frames for its agents and for its contact): each is still its own `/cable`
 * event, `event_id` `<sequence>-<index>`.
 */
export interface RealtimeFrameBatch {
  frames: RealtimeFrame[];
}

/** The subject (under the run's namespace) realtime frames are published to, and their stream. */
export const REALTIME_SUBJECT = 'rt.frames';
export const REALTIME_STREAM = 'PARLEY_REALTIME';
/** What a reconnecting client can resume from: 24 hours or 10,000 events, whichever is less. */
export const REALTIME_RETENTION = { maxAgeMs: 24 * 60 * 60 * 1000, maxEvents: 10_000 } as const;

/** The stream every agent of an account listens to (the reference's `account_<id>`: `contact.*` events). */
export function realtimeAccountStream(accountId: number): string {
  return `account_${accountId}`;
}
