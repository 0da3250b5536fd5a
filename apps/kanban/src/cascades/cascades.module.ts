import { Module } from '@nestjs/common';
import { AttachmentsModule } from '../attachments/attachments.module';
import { BoardSettingsModule } from '../board-settings/board-settings.module';
import { CardCsvModule } from '../card-csv/card-csv.module';
import { CardsModule } from '../cards/cards.module';
import { FunnelsModule } from '../funnels/funnels.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { AccountDeletedConsumer } from './account-deleted.consumer';
import { MessagingDeletionsConsumer } from './messaging-deletions.consumer';

/** Reactions to other contexts' deletions; nothing imports this module. */
@Module({
  imports: [CardsModule, CardCsvModule, FunnelsModule, BoardSettingsModule, AttachmentsModule, MessagingViewModule],
  providers: [MessagingDeletionsConsumer, AccountDeletedConsumer],
})
export class CascadesModule {}
