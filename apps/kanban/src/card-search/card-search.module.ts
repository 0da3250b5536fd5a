import { Module } from '@nestjs/common';
import { BoardSettingsModule } from '../board-settings/board-settings.module';
import { CardsModule } from '../cards/cards.module';
import { CardSearchHandlers } from './card-search.handlers';
import { CardSearchQuery } from './card-search.query';

/** Search and filter of cards; the search also looks in their notes (through the condition notes exports). */
@Module({
  imports: [BoardSettingsModule, CardsModule],
  controllers: [CardSearchHandlers],
  providers: [CardSearchQuery],
})
export class CardSearchModule {}
