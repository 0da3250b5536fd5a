import { Module } from '@nestjs/common';
import { BoardSettingsHandlers } from './board-settings.handlers';
import { BoardSettingsLoader } from './board-settings.loader';
import { BoardSettingsService } from './board-settings.service';
import { KanbanEnabledGuard } from './kanban-enabled.guard';

/** `kanban_config`: the module switch, its webhook and the board's options. */
@Module({
  controllers: [BoardSettingsHandlers],
  providers: [BoardSettingsService, BoardSettingsLoader, KanbanEnabledGuard],
  exports: [BoardSettingsLoader, KanbanEnabledGuard, BoardSettingsService],
})
export class BoardSettingsModule {}
