import { Injectable } from '@nestjs/common';
import { CHANNEL_TYPES } from '@parley/contracts';
import type { EntityManager } from 'typeorm';
import { DeliveryQueue } from '../deliveries/delivery-queue';
import { Directory } from '../directory/directory';
import { accountPayload } from './account-payload';
import { inboxCallbackPayload } from './inbox-callback-payload';
import { toPublicEvent, type SourceEvent } from './source-event';

/**
 * Turns one event into its deliveries: one per webhook of the account subscribed to the
 * event's public name, plus one to the inbox's callback when it is an API inbox's
 * conversation, message or typing event. Each delivery then succeeds or fails on its own.
 */
@Injectable()
export class FanOut {
  constructor(
    private readonly queue: DeliveryQueue,
    private readonly directory: Directory,
  ) {}

  async dispatch(tx: EntityManager, source: SourceEvent): Promise<void> {
    const event = toPublicEvent(source);
    if (!event || !event.accountId) return;
    const account = await this.directory.account(tx, event.accountId);
    const subscribed: Array<{ id: number }> = await tx.query(
      'SELECT id FROM webhook_dispatcher.webhooks WHERE account_id = $1 AND $2 = ANY (subscriptions) ORDER BY id',
      [event.accountId, event.name],
    );
    if (subscribed.length > 0) {
      const body = JSON.stringify(accountPayload(event, account));
      for (const webhook of subscribed) {
        await this.queue.add(tx, { accountId: event.accountId, eventId: event.id, event: event.name, body, target: { kind: 'webhook', webhookId: webhook.id } });
      }
    }
    const conversation = event.conversation;
    if (conversation?.meta.channel === CHANNEL_TYPES.api) {
      const inbox = await this.directory.inbox(tx, conversation.inbox_id);
      const body = JSON.stringify(inboxCallbackPayload(event, account, inbox));
      await this.queue.add(tx, { accountId: event.accountId, eventId: event.id, event: event.name, body, target: { kind: 'inbox', inboxId: inbox.id } });
    }
  }
}
