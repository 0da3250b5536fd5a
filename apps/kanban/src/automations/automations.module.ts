import { Module } from '@nestjs/common';
import { BoardSettingsModule } from '../board-settings/board-settings.module';
import { CardsModule } from '../cards/cards.module';
import { ChecklistsModule } from '../checklists/checklists.module';
import { FunnelsModule } from '../funnels/funnels.module';
import { NotesModule } from '../notes/notes.module';
import { AutomationRunner } from './automation-runner.service';
import { AutomationTriggersConsumer } from './automation-triggers.consumer';
import { AutomationsHandlers } from './automations.handlers';
import { AutomationsService } from './automations.service';
import { TimeInStageWorker } from './time-in-stage.worker';

/** Stage automations (the `automations`, `automation_runs` and `automation_timers` tables). */
@Module({
  imports: [BoardSettingsModule, FunnelsModule, CardsModule, ChecklistsModule, NotesModule],
  controllers: [AutomationsHandlers],
  providers: [AutomationsService, AutomationRunner, AutomationTriggersConsumer, TimeInStageWorker],
})
export class AutomationsModule {}
