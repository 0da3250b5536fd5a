import { Injectable } from '@nestjs/common';
import {
  CampaignEvents,
  ContactEvents,
  ConversationEvents,
  createdOfImport,
  KanbanEvents,
  MessageEvents,
  type EventOf,
} from '@parley/contracts';
import { OnEvents } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { FanOutService } from './fan-out.service';
import type { SourceEvent } from './public-event.mapper';

/**
 * Workers per event type, each applying the events that piled up in one transaction. Deliveries
 * carry no order promise (each succeeds, fails and retries on its own), so events need not be
 * taken one by one; a few at once keep fan-out from falling behind while each waits on its round
 * trips. Each holds a pooled connection while it works (DB_POOL_SIZE, shared with the poller).
 */
const FAN_OUT_CONCURRENCY = 4;

/** One durable consumer per public event type; each records the deliveries of the events it takes in their transaction. */
@Injectable()
export class PublicEventsConsumer {
  constructor(readonly fanOut: FanOutService) {}

  @OnEvents(
    [
      ConversationEvents.created,
      ConversationEvents.updated,
      ConversationEvents.statusChanged,
      ConversationEvents.resolved,
      ConversationEvents.typingOn,
      ConversationEvents.typingOff,
      MessageEvents.created,
      MessageEvents.updated,
      ContactEvents.created,
      ContactEvents.updated,
      CampaignEvents.webwidgetTriggered,
      KanbanEvents.itemCreated,
      KanbanEvents.itemUpdated,
      KanbanEvents.itemStageChanged,
      KanbanEvents.itemStatusChanged,
    ],
    {
      concurrency: FAN_OUT_CONCURRENCY,
      sift: (consumer: PublicEventsConsumer, events) => consumer.fanOut.withRecipients(events as SourceEvent[]),
    },
  )
  onPublicEvents(events: SourceEvent[], tx: EntityManager): Promise<void> {
    return this.fanOut.dispatchMany(tx, events);
  }

  /** An import's created contacts, many to an event: each a `contact_created` of its own, under its item's id. */
  @OnEvents([ContactEvents.imported], {
    concurrency: FAN_OUT_CONCURRENCY,
    sift: (consumer: PublicEventsConsumer, events) => consumer.importsWithRecipients(events as ImportEvent[]),
  })
  onImported(events: ImportEvent[], tx: EntityManager): Promise<void> {
    return this.fanOut.dispatchMany(tx, events.flatMap(createdOfImport));
  }

  async importsWithRecipients(events: ImportEvent[]): Promise<ImportEvent[]> {
    const kept = new Set((await this.fanOut.withRecipients(events.flatMap(createdOfImport))).map(({ id }) => id));
    return events.filter((event) => event.data.contacts.some(({ event_id }) => kept.has(event_id)));
  }
}

type ImportEvent = EventOf<typeof ContactEvents.imported>;
