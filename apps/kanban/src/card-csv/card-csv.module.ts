import { Module } from '@nestjs/common';
import { BoardSettingsModule } from '../board-settings/board-settings.module';
import { CardsModule } from '../cards/cards.module';
import { FunnelsModule } from '../funnels/funnels.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { CardCsvHandlers } from './card-csv.handlers';
import { CardCsvService } from './card-csv.service';

/** CSV export, import preview and import of a funnel's cards. Reads and writes through cards' loader and writer. */
@Module({
  imports: [BoardSettingsModule, CardsModule, FunnelsModule, MessagingViewModule],
  controllers: [CardCsvHandlers],
  providers: [CardCsvService],
  exports: [CardCsvService],
})
export class CardCsvModule {}
