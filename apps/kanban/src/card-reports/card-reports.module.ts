import { Module } from '@nestjs/common';
import { BoardSettingsModule } from '../board-settings/board-settings.module';
import { CardsModule } from '../cards/cards.module';
import { FunnelsModule } from '../funnels/funnels.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { CardReportsHandlers } from './card-reports.handlers';
import { CardReportsQuery } from './card-reports.query';

/** Reports on cards: stage statistics, the pipeline report, a card's time in stages, support data. Reads through cards' loaders. */
@Module({
  imports: [BoardSettingsModule, CardsModule, FunnelsModule, MessagingViewModule],
  controllers: [CardReportsHandlers],
  providers: [CardReportsQuery],
})
export class CardReportsModule {}
