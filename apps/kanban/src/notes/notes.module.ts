import { Module } from '@nestjs/common';
import { BoardSettingsModule } from '../board-settings/board-settings.module';
import { CardsModule } from '../cards/cards.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { NotesHandlers } from './notes.handlers';
import { NotesService } from './notes.service';

/** Notes of cards (the `notes` table). */
@Module({
  imports: [BoardSettingsModule, CardsModule, MessagingViewModule],
  controllers: [NotesHandlers],
  providers: [NotesService],
  exports: [NotesService],
})
export class NotesModule {}
