import { Injectable } from '@nestjs/common';
import { IdentityEvents, type EventOf } from '@parley/contracts';
import { DeletedAccounts, OnEvent } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { AttachmentsService } from '../attachments/attachments.service';
import { BoardSettingsService } from '../board-settings/board-settings.service';
import { CardCsvService } from '../card-csv/card-csv.service';
import { AgentRotationWriter } from '../cards/agent-rotation.writer';
import { CardsWriter } from '../cards/cards.writer';
import { FunnelsService } from '../funnels/funnels.service';
import { MessagingViewWriter } from '../read-models/messaging-view/messaging-view.writer';

/**
 * A deleted account's board goes with it: settings, funnels with everything on them (cards,
 * checklists, notes, attachments, automations, their timers and runs), stage counters, the
 * rotation, the copies of its conversations and agents, and its files.
 */
@Injectable()
export class AccountDeletedConsumer {
  constructor(
    private readonly deletedAccounts: DeletedAccounts,
    private readonly settings: BoardSettingsService,
    private readonly funnels: FunnelsService,
    private readonly cards: CardsWriter,
    private readonly rotation: AgentRotationWriter,
    private readonly messagingView: MessagingViewWriter,
    private readonly attachments: AttachmentsService,
    private readonly cardCsv: CardCsvService,
  ) {}

  @OnEvent(IdentityEvents.accountDeleted, { purpose: 'board_of_deleted_account' })
  async onAccountDeleted(event: EventOf<typeof IdentityEvents.accountDeleted>, tx: EntityManager): Promise<void> {
    const accountId = event.data.id;
    await this.deletedAccounts.record(tx, accountId);
    await this.settings.deleteOfAccount(tx, accountId);
    await this.cards.forgetCounters(tx, await this.funnels.deleteOfAccount(tx, accountId));
    await this.rotation.forgetAccount(tx, accountId);
    await this.messagingView.forgetAccount(tx, accountId);
    await this.attachments.removeFilesOfAccount(accountId);
    await this.cardCsv.removeFilesOfAccount(accountId);
  }
}
