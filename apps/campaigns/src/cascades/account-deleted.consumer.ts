import { Injectable } from '@nestjs/common';
import { IdentityEvents, type EventOf } from '@parley/contracts';
import { DeletedAccounts, OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { CampaignsService } from '../campaigns/campaigns.service';
import { MessagingViewWriter } from '../read-models/messaging-view/messaging-view.writer';

/** A deleted account's campaigns (schedules and sends with them) and what campaigns kept of its inboxes go with it. */
@Injectable()
export class AccountDeletedConsumer {
  constructor(
    private readonly deletedAccounts: DeletedAccounts,
    private readonly campaigns: CampaignsService,
    private readonly messagingView: MessagingViewWriter,
  ) {}

  @OnEvent(IdentityEvents.accountDeleted, { purpose: 'campaigns_of_deleted_account' })
  async onAccountDeleted(event: EventOf<typeof IdentityEvents.accountDeleted>, tx: EntityManager): Promise<void> {
    await this.deletedAccounts.record(tx, event.data.id);
    await this.campaigns.deleteOfAccount(tx, event.data.id);
    await this.messagingView.forgetAccount(tx, event.data.id);
  }
}
