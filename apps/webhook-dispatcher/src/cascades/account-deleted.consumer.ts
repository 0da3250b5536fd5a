import { Injectable } from '@nestjs/common';
import { IdentityEvents, type EventOf } from '@parley/contracts';
import { DeletedAccounts, OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { DeliveryQueueWriter } from '../deliveries/delivery-queue.writer';
import { MessagingViewWriter } from '../read-models/messaging-view/messaging-view.writer';
import { WebhooksService } from '../webhooks/webhooks.service';

/** A deleted account's webhooks, every delivery queued for it (with their attempts) and its names go with it. */
@Injectable()
export class AccountDeletedConsumer {
  constructor(
    private readonly deletedAccounts: DeletedAccounts,
    private readonly webhooks: WebhooksService,
    private readonly deliveries: DeliveryQueueWriter,
    private readonly messagingView: MessagingViewWriter,
  ) {}

  @OnEvent(IdentityEvents.accountDeleted, { purpose: 'webhooks_of_deleted_account' })
  async onAccountDeleted(event: EventOf<typeof IdentityEvents.accountDeleted>, tx: EntityManager): Promise<void> {
    const accountId = event.data.id;
    await this.deletedAccounts.record(tx, accountId);
    await this.deliveries.forgetAccount(tx, accountId);
    await this.webhooks.deleteOfAccount(tx, accountId);
    await this.messagingView.forgetAccount(tx, accountId);
  }
}
