import { Injectable } from '@nestjs/common';
import type { RealtimeFrame } from '@parley/contracts';
import type { EventHistory, HistoryAnswer, RealtimeEvent } from '@parley/realtime';
import { EventBus } from '@parley/service-kit';
import { DeliverPolicy, JSONCodec } from 'nats';

const codec = JSONCodec<RealtimeFrame>();

/** A frame of the realtime stream as a `/cable` event: its stream sequence is its `event_id`. */
export function toRealtimeEvent(frame: RealtimeFrame, sequence: number): RealtimeEvent {
  return { event: frame.event, data: frame.data, event_id: String(sequence) };
}

export function decodeFrame(data: Uint8Array): RealtimeFrame {
  return codec.decode(data);
}

/**
 * What a reconnecting client missed, read from the realtime JetStream stream, so any gateway
 * replica can resume any client: the frames after `since` addressed to one of its streams.
 * A `since` the stream no longer holds (24 h / 10,000 events) asks the client to refetch.
 */
@Injectable()
export class RealtimeHistoryService implements EventHistory {
  constructor(private readonly bus: EventBus) {}

  async eventsSince(request: { streams: readonly string[]; since: string }): Promise<HistoryAnswer> {
    const info = await this.bus.jetstreamManager.streams.info(this.bus.realtimeStream);
    const { first_seq: first, last_seq: last } = info.state;
    // `<sequence>.<n>`: a frame not stored (presence.update) that followed event <sequence>.
    const stored = /^(\d{1,15})(?:\.\d{1,15})?$/.exec(request.since);
    const since = stored ? Number(stored[1]) : NaN;
    if (!Number.isSafeInteger(since) || since > last || since < first - 1)
      return { status: 'too_old', latestEventId: String(last) };
    if (since === last) return { status: 'events', events: [] };
    const wanted = new Set(request.streams);
    const consumer = await this.bus.jetstream.consumers.get(this.bus.realtimeStream, {
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: since + 1,
    });
    const events: RealtimeEvent[] = [];
    const messages = await consumer.consume();
    try {
      for await (const message of messages) {
        const frame = decodeFrame(message.data);
        if (frame.streams.some((stream) => wanted.has(stream))) events.push(toRealtimeEvent(frame, message.seq));
        if (message.seq >= last) break;
      }
    } finally {
      await messages.close();
    }
    return { status: 'events', events };
  }
}
