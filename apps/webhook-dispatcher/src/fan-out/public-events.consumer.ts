import { Injectable } from '@nestjs/common';
import { ContactEvents, ConversationEvents, MessageEvents } from '@parley/contracts';
import { OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { FanOut } from './fan-out.service';
import type { SourceEvent } from './source-event';

/** One durable consumer per public event type; each records its deliveries in the event's transaction. */
@Injectable()
export class PublicEventsConsumer {
  constructor(private readonly fanOut: FanOut) {}

  @OnEvent(ConversationEvents.created)
  onConversationCreated(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }

  @OnEvent(ConversationEvents.updated)
  onConversationUpdated(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }

  @OnEvent(ConversationEvents.statusChanged)
  onConversationStatusChanged(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }

  @OnEvent(ConversationEvents.resolved)
  onConversationResolved(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }

  @OnEvent(ConversationEvents.typingOn)
  onTypingOn(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }

  @OnEvent(ConversationEvents.typingOff)
  onTypingOff(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }

  @OnEvent(MessageEvents.created)
  onMessageCreated(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }

  @OnEvent(MessageEvents.updated)
  onMessageUpdated(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }

  @OnEvent(ContactEvents.created)
  onContactCreated(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }

  @OnEvent(ContactEvents.updated)
  onContactUpdated(event: SourceEvent, tx: EntityManager) {
    return this.fanOut.dispatch(tx, event);
  }
}
