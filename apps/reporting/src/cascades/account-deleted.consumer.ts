import { Injectable } from '@nestjs/common';
import { IdentityEvents, type EventOf } from '@parley/contracts';
import { DeletedAccounts, OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { CsatWriter } from '../csat/csat.writer';
import { IngestionService } from '../ingestion/ingestion.service';
import { MessagingViewWriter } from '../read-models/messaging-view/messaging-view.writer';

/** A deleted account's report model, CSAT surveys and ratings, and what reporting kept of its inboxes, teams, labels and agents go with it. */
@Injectable()
export class AccountDeletedConsumer {
  constructor(
    private readonly deletedAccounts: DeletedAccounts,
    private readonly ingestion: IngestionService,
    private readonly csat: CsatWriter,
    private readonly messagingView: MessagingViewWriter,
  ) {}

  @OnEvent(IdentityEvents.accountDeleted, { purpose: 'reports_of_deleted_account' })
  async onAccountDeleted(event: EventOf<typeof IdentityEvents.accountDeleted>, tx: EntityManager): Promise<void> {
    const accountId = event.data.id;
    await this.deletedAccounts.record(tx, accountId);
    await this.ingestion.forgetAccount(tx, accountId);
    await this.csat.deleteOfAccount(tx, accountId);
    await this.messagingView.forgetAccount(tx, accountId);
  }
}
