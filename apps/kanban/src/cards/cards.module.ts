import { Module } from '@nestjs/common';
import { BoardSettingsModule } from '../board-settings/board-settings.module';
import { FunnelsModule } from '../funnels/funnels.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { AgentRotationWriter } from './agent-rotation.writer';
import { CardBulkService } from './card-bulk.service';
import { CardCsvHandlers } from './card-csv.handlers';
import { CardCsvService } from './card-csv.service';
import { CardEventsWriter } from './card-events.writer';
import { CardMovesHandlers } from './card-moves.handlers';
import { CardMovesService } from './card-moves.service';
import { CardQueries } from './card-queries.query';
import { CardReports } from './card-reports.query';
import { CardReportsHandlers } from './card-reports.handlers';
import { CardsHandlers } from './cards.handlers';
import { CardsService } from './cards.service';
import { CardsLoader } from './cards.loader';
import { CardsWriter } from './cards.writer';

/** Cards (the `cards`, `card_stage_visits` and `agent_assignments` tables): CRUD, moves, bulk, queries, reports. */
@Module({
  imports: [BoardSettingsModule, FunnelsModule, MessagingViewModule],
  controllers: [CardsHandlers, CardMovesHandlers, CardReportsHandlers, CardCsvHandlers],
  providers: [CardsLoader, CardsService, CardCsvService, CardMovesService, CardBulkService, CardQueries, CardReports, CardsWriter, CardEventsWriter, AgentRotationWriter],
  exports: [CardsLoader, CardsService, CardMovesService, CardsWriter, CardEventsWriter, AgentRotationWriter, CardCsvService],
})
export class CardsModule {}
