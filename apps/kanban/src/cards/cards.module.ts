import { Module } from '@nestjs/common';
import { BoardSettingsModule } from '../board-settings/board-settings.module';
import { FunnelsModule } from '../funnels/funnels.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { AgentRotationWriter } from './agent-rotation.writer';
import { CardEventsWriter } from './card-events.writer';
import { CardListsQuery } from './card-lists.query';
import { CardStatsLoader } from './card-stats.loader';
import { CardsHandlers } from './cards.handlers';
import { CardsLoader } from './cards.loader';
import { CardsService } from './cards.service';
import { CardsWriter } from './cards.writer';
import { StageVisitsLoader } from './stage-visits.loader';

/**
 * The card aggregate (the `cards`, `card_stage_visits`, `stage_counters` and `agent_assignments`
 * tables): create, show, plain updates, delete, the board's lists; its loaders and writers are what
 * moves, CSV, search and reports go through.
 */
@Module({
  imports: [BoardSettingsModule, FunnelsModule, MessagingViewModule],
  controllers: [CardsHandlers],
  providers: [
    CardsLoader,
    CardStatsLoader,
    StageVisitsLoader,
    CardsService,
    CardListsQuery,
    CardsWriter,
    CardEventsWriter,
    AgentRotationWriter,
  ],
  exports: [
    CardsLoader,
    CardStatsLoader,
    StageVisitsLoader,
    CardsService,
    CardsWriter,
    CardEventsWriter,
    AgentRotationWriter,
  ],
})
export class CardsModule {}
