import { Module } from '@nestjs/common';
import { BoardSettingsModule } from '../board-settings/board-settings.module';
import { CardMovesModule } from '../card-moves/card-moves.module';
import { CardsModule } from '../cards/cards.module';
import { ChecklistsModule } from '../checklists/checklists.module';
import { FunnelsModule } from '../funnels/funnels.module';
import { NotesModule } from '../notes/notes.module';
import { AutomationRunsService } from './automation-runs.service';
import { AutomationTriggersConsumer } from './automation-triggers.consumer';
import { AutomationsHandlers } from './automations.handlers';
import { AutomationsService } from './automations.service';
import { TimeInStageWorker } from './time-in-stage.worker';

/** Stage automations (the `automations`, `automation_runs` and `automation_timers` tables). */
@Module({
  imports: [BoardSettingsModule, FunnelsModule, CardsModule, CardMovesModule, ChecklistsModule, NotesModule],
  controllers: [AutomationsHandlers],
  providers: [AutomationsService, AutomationRunsService, AutomationTriggersConsumer, TimeInStageWorker],
})
export class AutomationsModule {}
