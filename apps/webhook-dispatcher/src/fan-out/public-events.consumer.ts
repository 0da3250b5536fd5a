import { Injectable } from '@nestjs/common';
import { ContactEvents, ConversationEvents, MessageEvents } from '@parley/contracts';
import { OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { FanOut } from './fan-out.service';
import type { SourceEvent } from './source-event';

/**
 * Workers per event type, each applying the events that piled up in one transaction. Deliveries
 * carry no order promise (each succeeds, fails and retries on its own), so events need not be
 * taken one by one; a few at once keep fan-out from falling behind while each waits on its round
 * trips. Each holds a pooled connection while it works (DB_POOL_SIZE, shared with the poller).
 */
const FAN_OUT_CONCURRENCY = 4;

/** One durable consumer per public event type; each records its deliveries in the event's transaction. */
@Injectable()
export class PublicEventsConsumer {
  constructor(private readonly fanOut: FanOut) {}

  @OnEvent(ConversationEvents.created, { concurrency: FAN_OUT_CONCURRENCY })
  onConversationCreated(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }

  @OnEvent(ConversationEvents.updated, { concurrency: FAN_OUT_CONCURRENCY })
  onConversationUpdated(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }

  @OnEvent(ConversationEvents.statusChanged, { concurrency: FAN_OUT_CONCURRENCY })
  onConversationStatusChanged(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }

  @OnEvent(ConversationEvents.resolved, { concurrency: FAN_OUT_CONCURRENCY })
  onConversationResolved(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }

  @OnEvent(ConversationEvents.typingOn, { concurrency: FAN_OUT_CONCURRENCY })
  onTypingOn(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }

  @OnEvent(ConversationEvents.typingOff, { concurrency: FAN_OUT_CONCURRENCY })
  onTypingOff(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }

  @OnEvent(MessageEvents.created, { concurrency: FAN_OUT_CONCURRENCY })
  onMessageCreated(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }

  @OnEvent(MessageEvents.updated, { concurrency: FAN_OUT_CONCURRENCY })
  onMessageUpdated(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }

  @OnEvent(ContactEvents.created, { concurrency: FAN_OUT_CONCURRENCY })
  onContactCreated(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }

  @OnEvent(ContactEvents.updated, { concurrency: FAN_OUT_CONCURRENCY })
  onContactUpdated(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }
}
