import { Injectable } from '@nestjs/common';
import { CHANNEL_TYPES } from '@parley/contracts';
import type { EntityManager } from 'typeorm';
import { CallbackTargets } from '../deliveries/callback-targets';
import { DeliveryQueue, type NewDelivery } from '../deliveries/delivery-queue';
import { accountPayload } from './account-payload';
import { inboxCallbackPayload } from './inbox-callback-payload';
import { recipientsOf } from './recipients';
import { toPublicEvent, type SourceEvent } from './source-event';

/**
 * Turns one event into its deliveries, written in one statement: one per webhook of the
 * account subscribed to the event's public name, plus one to the inbox's callback when it is
 * an API inbox's conversation, message or typing event. Each delivery then succeeds or fails
 * on its own.
 */
@Injectable()
export class FanOut {
  constructor(
    private readonly queue: DeliveryQueue,
    private readonly callbacks: CallbackTargets,
  ) {}

  async dispatch(tx: EntityManager, source: SourceEvent): Promise<void> {
    const event = toPublicEvent(source);
    if (!event || !event.accountId) return;
    const conversation = event.conversation;
    const apiInboxId = conversation?.meta.channel === CHANNEL_TYPES.api ? conversation.inbox_id : null;
    // An inbox known (within the callback cache's lifetime) to have no callback URL gets no
    // delivery row: its attempt would have asked the same cache and discarded it.
    const inboxId = apiInboxId !== null && !this.callbacks.knownWithout(apiInboxId) ? apiInboxId : null;
    const { webhookIds, account, inbox } = await recipientsOf(tx, event.accountId, event.name, inboxId);

    const deliveries: NewDelivery[] = [];
    if (webhookIds.length > 0) {
      const body = JSON.stringify(accountPayload(event, account));
      for (const webhookId of webhookIds) {
        deliveries.push({ accountId: event.accountId, eventId: event.id, event: event.name, body, target: { kind: 'webhook', webhookId } });
      }
    }
    if (inbox) {
      const body = JSON.stringify(inboxCallbackPayload(event, account, inbox));
      deliveries.push({ accountId: event.accountId, eventId: event.id, event: event.name, body, target: { kind: 'inbox', inboxId: inbox.id } });
    }
    await this.queue.addMany(tx, deliveries);
  }
}
