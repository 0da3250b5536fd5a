import { Injectable } from '@nestjs/common';
import {
  ContactEvents,
  createdOfImport,
  realtimeAccountStream,
  type ContactSnapshot,
  type EventEnvelope,
  type EventType,
  type ImportedContact,
  type RealtimeFrame,
} from '@parley/contracts';
import { EventBus, OnEventsIdempotent } from '@parley/service-kit';

/** `contacts.contact.created` → `contact.created`: the reference's realtime event names. */
const EVENT_NAMES: Record<string, string> = {
  [ContactEvents.created]: 'contact.created',
  [ContactEvents.updated]: 'contact.updated',
  [ContactEvents.merged]: 'contact.merged',
  [ContactEvents.deleted]: 'contact.deleted',
};

/**
 * Contact events as `/cable` frames to every agent of the account (its `account_<id>` stream,
 * as the reference): an agent sees every contact of its account through the REST API. The
 * contact's own side never receives them. Published once per event (JetStream drops a
 * redelivered one), for every gateway replica to fan out.
 */
@Injectable()
export class ContactRealtimeConsumer {
  constructor(private readonly bus: EventBus) {}

  @OnEventsIdempotent(Object.keys(EVENT_NAMES) as EventType[], { purpose: 'realtime_fanout' })
  async onEvents(events: Array<EventEnvelope<{ contact: ContactSnapshot; mergee_id?: number }>>): Promise<void> {
    await Promise.all(events.map((event) => this.bus.publishRealtime(frameOf(event), `${event.id}:account`)));
  }

  /** An import's created contacts: a `contact.created` frame each, the frames of an event in one message. */
  @OnEventsIdempotent([ContactEvents.imported], { purpose: 'realtime_fanout_imports' })
  async onImported(events: Array<EventEnvelope<{ contacts: ImportedContact[] }>>): Promise<void> {
    await Promise.all(
      events.map((event) =>
        this.bus.publishRealtime({ frames: createdOfImport(event).map(frameOf) }, `${event.id}:account`),
      ),
    );
  }
}

function frameOf({ type, data }: EventEnvelope<{ contact: ContactSnapshot; mergee_id?: number }>): RealtimeFrame {
  const payload: Record<string, unknown> = { ...data.contact, type: 'contact', account_id: data.contact.account_id };
  if (data.mergee_id !== undefined) payload.mergee_id = data.mergee_id;
  return { streams: [realtimeAccountStream(data.contact.account_id)], event: EVENT_NAMES[type], data: payload };
}
