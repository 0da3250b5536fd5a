import { Inject, Injectable } from '@nestjs/common';
import { MessageEvents, type EventEnvelope, type EventMap, type EventOf } from '@parley/contracts';
import { OnEvent, type Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { ConversationLoader } from '../../conversations/conversation.loader';
import { MessageLoader } from '../../conversations/message.loader';
import { MessageWriter } from '../../conversations/message.writer';
import { CHANNEL_ADAPTERS, type ChannelAdapters } from './channel-adapter.types';

/**
 * Sends agents' outgoing and template messages to the customer's channel after they are
 * committed; a refusal marks the message `failed` with the provider's reason. Private notes
 * never leave the platform.
 */
@Injectable()
export class ChannelDeliveryConsumer {
  constructor(
    @Inject(CHANNEL_ADAPTERS) private readonly adapters: ChannelAdapters,
    private readonly messages: MessageLoader,
    private readonly writer: MessageWriter,
    private readonly conversations: ConversationLoader,
  ) {}

  @OnEvent(MessageEvents.created, { purpose: 'channel_delivery', when: needsDelivery })
  async deliver(event: EventOf<typeof MessageEvents.created>, tx: EntityManager, emit: Emit): Promise<void> {
    const { message, conversation } = event.data;
    const adapter = this.adapters[conversation.meta.channel];
    if (!adapter) return;
    const outcome = await adapter.deliver(tx, message, conversation);
    if (outcome.ok) return;
    if (!(await this.writer.markFailed(tx, message.id, outcome.error))) return; // deleted meanwhile
    const snapshot = await this.conversations.snapshots([await this.messages.conversationIdOf(tx, message.id)], tx);
    await emit(MessageEvents.updated, event.account_id, {
      message: await this.messages.one(message.id, tx),
      conversation: snapshot[0] ?? conversation,
      changed_attributes: [{ status: { previous_value: message.status, current_value: 'failed' } }],
    });
  }
}

/** Only agents' public outgoing and template messages leave the platform; the API channel's go by webhook. */
function needsDelivery(event: EventEnvelope): boolean {
  const { message, conversation } = event.data as EventMap[typeof MessageEvents.created];
  return (
    !message.private &&
    (message.message_type === 'outgoing' || message.message_type === 'template') &&
    conversation.meta.channel !== 'Channel::Api'
  );
}
