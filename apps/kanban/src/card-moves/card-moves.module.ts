import { Module } from '@nestjs/common';
import { BoardSettingsModule } from '../board-settings/board-settings.module';
import { CardsModule } from '../cards/cards.module';
import { FunnelsModule } from '../funnels/funnels.module';
import { CardBulkService } from './card-bulk.service';
import { CardMovesHandlers } from './card-moves.handlers';
import { CardMovesService } from './card-moves.service';

/** Moves of cards between stages and funnels, reorders, a stage's deletion (its cards move first), and bulk changes. Writes through cards' writer. */
@Module({
  imports: [BoardSettingsModule, CardsModule, FunnelsModule],
  controllers: [CardMovesHandlers],
  providers: [CardMovesService, CardBulkService],
  exports: [CardMovesService],
})
export class CardMovesModule {}
