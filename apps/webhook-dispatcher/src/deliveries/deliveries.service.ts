import { currentTraceCarrier, DeletedAccounts } from '@parley/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EnqueueDeliveryInput, WebhookDeliveryAttempt, WebhookDeliveryPage } from '@parley/contracts';
import { DataSource } from 'typeorm';
import { TargetGuard } from '../targets/target.guard';
import { WebhooksService } from '../webhooks/webhooks.service';
import { assertValidDirectDelivery } from './direct-delivery.rules';
import { DeliveryLogQuery } from './delivery-log.query';
import { DeliveryPollerWorker } from './delivery-poller.worker';
import { DeliveryQueueWriter } from './delivery-queue.writer';

@Injectable()
export class DeliveriesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: DeliveryQueueWriter,
    private readonly guard: TargetGuard,
    private readonly poller: DeliveryPollerWorker,
    private readonly deletedAccounts: DeletedAccounts,
    private readonly webhooks: WebhooksService,
    private readonly log: DeliveryLogQuery,
  ) {}

  /** Deliveries other services ask for (Kanban's webhook): the same signing, retries and target rules. */
  async enqueue(input: EnqueueDeliveryInput): Promise<{ delivery_id: string }> {
    assertValidDirectDelivery(input);
    const url = await this.guard.assertAcceptable(String(input.url ?? ''));
    const id = input.payload.id;
    const eventId = typeof id === 'string' || typeof id === 'number' ? String(id) : null;
    const deliveryId = await this.dataSource.transaction(async (tx) => {
      // The asking service applied an event of an account deleted meanwhile: it retries, and its own tombstone refuses the event.
      if (await this.deletedAccounts.isDeleted(tx, input.account_id))
        throw new Error(`Account ${input.account_id} was deleted`);
      return (
        (await this.queue.add(tx, {
          accountId: input.account_id,
          eventId,
          event: input.event,
          body: JSON.stringify(input.payload),
          target: { kind: 'direct', url, secret: input.secret },
          traceparent: currentTraceCarrier().traceparent ?? null,
        })) ??
        // The same event asked for again (its consumer applied it twice): the delivery queued then.
        (await this.queue.directDeliveryOf(tx, url, eventId!))
      );
    });
    this.poller.kick();
    return { delivery_id: deliveryId! };
  }

  /** The attempts made so far for a delivery another service queued (e.g. Kanban's webhook test). */
  attemptsOf(accountId: number, deliveryId: string): Promise<WebhookDeliveryAttempt[]> {
    return this.log.ofDelivery(accountId, deliveryId);
  }

  /** The attempts made for one of the account's webhooks, newest first. */
  async ofWebhook(accountId: number, webhookId: number, page: number): Promise<WebhookDeliveryPage> {
    const webhook = await this.webhooks.find(accountId, webhookId);
    return this.log.page(webhook.id, page);
  }
}
