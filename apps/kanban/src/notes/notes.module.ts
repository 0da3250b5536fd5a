import { Module } from '@nestjs/common';
import { BoardSettingsModule } from '../board-settings/board-settings.module';
import { CardsModule } from '../cards/cards.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { NotesHandlers } from './notes.handlers';
import { NotesService } from './notes.service';
import { NotesWriter } from './notes.writer';

/** Notes of cards (the `notes` table). */
@Module({
  imports: [BoardSettingsModule, CardsModule, MessagingViewModule],
  controllers: [NotesHandlers],
  providers: [NotesService, NotesWriter],
  exports: [NotesService, NotesWriter],
})
export class NotesModule {}
