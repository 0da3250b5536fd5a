import { Injectable } from '@nestjs/common';
import type { EventHistory, HistoryAnswer, RealtimeEvent } from '@parley/realtime';
import { EventBus } from '@parley/service-kit';
import { DeliverPolicy } from 'nats';
import { isAfter, resumePointOf, storedEventsOf } from './stored-events.mapper';

/**
 * What a reconnecting client missed, read from the realtime JetStream stream, so any gateway
 * replica can resume any client: the frames after `since` addressed to one of its streams.
 * A `since` the stream no longer holds (24 h / 10,000 messages) asks the client to refetch.
 */
@Injectable()
export class RealtimeHistoryService implements EventHistory {
  constructor(private readonly bus: EventBus) {}

  async eventsSince(request: { streams: readonly string[]; since: string }): Promise<HistoryAnswer> {
    const info = await this.bus.jetstreamManager.streams.info(this.bus.realtimeStream);
    const { first_seq: first, last_seq: last } = info.state;
    const point = resumePointOf(request.since);
    if (!point) return { status: 'too_old', latestEventId: String(last) };
    // From inside a batch, its own message is read again for the frames after the index.
    const inBatch = point.afterIndex !== null;
    const start = inBatch ? point.sequence : point.sequence + 1;
    if (start < first || start > (inBatch ? last : last + 1)) return { status: 'too_old', latestEventId: String(last) };
    if (start > last) return { status: 'events', events: [] };
    const wanted = new Set(request.streams);
    const consumer = await this.bus.jetstream.consumers.get(this.bus.realtimeStream, {
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: start,
    });
    const events: RealtimeEvent[] = [];
    const messages = await consumer.consume();
    try {
      for await (const message of messages) {
        for (const stored of storedEventsOf(message.data, message.seq))
          if (isAfter(stored, point) && stored.streams.some((stream) => wanted.has(stream))) events.push(stored.event);
        if (message.seq >= last) break;
      }
    } finally {
      await messages.close();
    }
    return { status: 'events', events };
  }
}
