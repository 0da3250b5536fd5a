import { Injectable } from '@nestjs/common';
import { IdentityEvents, type EventOf } from '@parley/contracts';
import { OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { WebhooksService } from '../webhooks/webhooks.service';

/** A deleted account's webhooks (and their pending deliveries) go with it. */
@Injectable()
export class AccountDeletedConsumer {
  constructor(private readonly webhooks: WebhooksService) {}

  @OnEvent(IdentityEvents.accountDeleted, { purpose: 'webhooks_of_deleted_account' })
  async onAccountDeleted(event: EventOf<typeof IdentityEvents.accountDeleted>, tx: EntityManager): Promise<void> {
    await this.webhooks.deleteOfAccount(tx, event.data.id);
  }
}
