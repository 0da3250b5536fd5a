import { Module } from '@nestjs/common';
import { BoardSettingsModule } from '../board-settings/board-settings.module';
import { CardsModule } from '../cards/cards.module';
import { ChecklistsHandlers } from './checklists.handlers';
import { ChecklistsService } from './checklists.service';

/** Checklists of cards (the `checklist_items` table). */
@Module({
  imports: [BoardSettingsModule, CardsModule],
  controllers: [ChecklistsHandlers],
  providers: [ChecklistsService],
  exports: [ChecklistsService],
})
export class ChecklistsModule {}
