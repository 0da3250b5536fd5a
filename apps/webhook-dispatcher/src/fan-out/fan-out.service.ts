import { Injectable } from '@nestjs/common';
import { CHANNEL_TYPES } from '@parley/contracts';
import type { EntityManager } from 'typeorm';
import { DeliveryQueue, type NewDelivery } from '../deliveries/delivery-queue.writer';
import { CallbackTargets } from '../read-models/messaging-view/callback-targets.loader';
import { WebhooksLoader, type Recipients } from '../webhooks/webhooks.loader';
import { accountPayload } from './account-payload.mapper';
import { inboxCallbackPayload } from './inbox-callback-payload.mapper';
import { toPublicEvent, type SourceEvent } from './public-event.mapper';

/**
 * Turns events into their deliveries, written in one statement: one per webhook of the
 * account subscribed to the event's public name, plus one to the inbox's callback when it is
 * an API inbox's conversation, message or typing event. Each delivery then succeeds or fails
 * on its own.
 */
@Injectable()
export class FanOut {
  constructor(
    private readonly queue: DeliveryQueue,
    private readonly callbacks: CallbackTargets,
    private readonly webhooks: WebhooksLoader,
  ) {}

  /** Events that piled up: one recipients look-up per (account, event name, inbox) among them, one insert for all their deliveries. */
  async dispatchMany(tx: EntityManager, sources: SourceEvent[]): Promise<void> {
    const lookups = new Map<string, Promise<Recipients>>();
    const deliveries: NewDelivery[] = [];
    for (const source of sources) {
      const event = toPublicEvent(source);
      if (!event || !event.accountId) continue;
      const conversation = event.conversation;
      const apiInboxId = conversation?.meta.channel === CHANNEL_TYPES.api ? conversation.inbox_id : null;
      // An inbox known (within the callback cache's lifetime) to have no callback URL gets no
      // delivery row: its attempt would have asked the same cache and discarded it.
      const inboxId = apiInboxId !== null && !this.callbacks.knownWithout(apiInboxId) ? apiInboxId : null;
      const key = `${event.accountId}:${event.name}:${inboxId}`;
      if (!lookups.has(key)) lookups.set(key, this.webhooks.recipientsOf(tx, event.accountId, event.name, inboxId));
      // One query at a time on the transaction's connection: awaited here, in order.
      const { webhookIds, account, inbox } = await lookups.get(key)!;
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
    }
    await this.queue.addMany(tx, deliveries);
  }
}
