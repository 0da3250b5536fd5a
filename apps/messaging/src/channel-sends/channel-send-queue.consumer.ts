import { Injectable } from '@nestjs/common';
import { MessageEvents, type EventEnvelope, type EventMap, type EventOf } from '@parley/contracts';
import { OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { ENQUEUE_SEND } from './persistence/channel-send.row';

/**
 * Queues agents' outgoing and template messages for their channel once they are committed (the
 * event is relayed from the outbox): the send itself is the worker's, durable and retried.
 */
@Injectable()
export class ChannelSendQueueConsumer {
  @OnEvent(MessageEvents.created, { purpose: 'channel_delivery', when: needsDelivery })
  async enqueue(event: EventOf<typeof MessageEvents.created>, tx: EntityManager): Promise<void> {
    await tx.query(ENQUEUE_SEND, [event.data.message.id, event.account_id]);
  }
}

/** Only agents' public outgoing and template messages leave the platform; the API channel's go by webhook. */
function needsDelivery(event: EventEnvelope): boolean {
  const { message, conversation } = event.data as EventMap[typeof MessageEvents.created];
  return (
    !message.private &&
    (message.message_type === 'outgoing' || message.message_type === 'template') &&
    conversation.meta.channel !== 'Channel::Api' &&
    // An echo of a message sent from the provider's own app is already at the provider.
    message.content_attributes['external_echo'] !== true
  );
}
