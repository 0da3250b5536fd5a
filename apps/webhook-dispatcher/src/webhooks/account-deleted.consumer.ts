import { Injectable } from '@nestjs/common';
import { IdentityEvents, type EventEnvelope, type EventMap } from '@parley/contracts';
import { OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';

/** A deleted account's webhooks (and their pending deliveries) go with it. */
@Injectable()
export class AccountDeletedConsumer {
  @OnEvent(IdentityEvents.accountDeleted, { purpose: 'webhooks_of_deleted_account' })
  async onAccountDeleted(event: EventEnvelope<EventMap[typeof IdentityEvents.accountDeleted]>, tx: EntityManager): Promise<void> {
    await tx.query('DELETE FROM webhook_dispatcher.webhooks WHERE account_id = $1', [event.data.id]);
  }
}
